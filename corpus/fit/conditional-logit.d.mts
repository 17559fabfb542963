// Types for conditional-logit.mjs (auto-source's ranking tests import it).
export interface ChoiceGroup {
  readonly xs: readonly (readonly number[])[];
  readonly targets: readonly number[];
}
export interface FittedChoiceModel {
  readonly weights: number[];
  readonly means: number[];
  readonly scales: number[];
}
export function standardiser(rows: readonly (readonly number[])[]): { means: number[]; scales: number[] };
export function fitConditionalLogit(groups: readonly ChoiceGroup[], options?: { lambda?: number; iterations?: number; unpenalised?: readonly number[] }): FittedChoiceModel;
export function meanLoss(groups: readonly ChoiceGroup[], model: FittedChoiceModel): number;
