#!/usr/bin/env bash
# Builds the Dockerfile's image with podman and checks it as an operator would use it.
#
#   sudo bash scripts/container-smoke.sh [--chromium] [--keep]
#
# For machines without a Docker engine or registry access (the development VMs of this project):
# podman (Debian's) builds the Dockerfile unchanged, on a STAND-IN base image, because the
# official `node:22-bookworm-slim` cannot be pulled there. The stand-in is Debian bookworm
# (debootstrap, from Debian's archive) plus this machine's own `node` and `npm` and a `node` user
# with uid 1000 — what the official image provides that the Dockerfile relies on. So this checks
# every step of the Dockerfile and the image it makes; it does not check the official base image
# or its Node 22 (the Dockerfile's `NODE_IMAGE` build argument is the only thing substituted).
#
# Checks: the build; the container runs as uid 1000; no development-only package in /app; the
# server answers liveness, the UI and a predefined feed in all three formats (brotli when asked)
# from a page served on the host; feedparser reads the Atom; first-seen times are written under
# /app/.pagefeed as the node user; `pagefeed --version`/`validate`/`auto` inside the image; the
# HEALTHCHECK command passes; SIGTERM stops it with exit code 0. With --chromium, the image is
# built with INSTALL_CHROMIUM=true and a JavaScript-built page gives items through the built-in
# renderer (no renderer variables set).
set -euo pipefail

chromium=false keep=false
for arg in "$@"; do
  case "$arg" in
    --chromium) chromium=true ;;
    --keep) keep=true ;;
    *) echo "container-smoke: unknown option $arg (use --chromium, --keep)" >&2; exit 2 ;;
  esac
done

here=$(cd "$(dirname "$0")/.." && pwd)
work=${CONTAINER_SMOKE_DIR:-/tmp/pagefeed-container-smoke}
node_version=$(node -p 'process.versions.node')
base="localhost/pagefeed-node-standin:${node_version}"
image="localhost/pagefeed:smoke$([ "$chromium" = true ] && echo -chromium || true)"
name="pagefeed-smoke-$$"
port=${CONTAINER_SMOKE_PORT:-14000}
source_port=${CONTAINER_SMOKE_SOURCE_PORT:-18080}
failures=0

say() { printf 'container-smoke: %s\n' "$*"; }
check() { # check "what" command...
  local what=$1; shift
  if "$@"; then say "ok   $what"; else say "FAIL $what"; failures=$((failures + 1)); fi
}
for tool in podman runc debootstrap python3 curl; do
  command -v "$tool" >/dev/null || { say "$tool is missing: apt-get install -y podman runc debootstrap python3 curl"; exit 1; }
done
[ "$(id -u)" = 0 ] || { say "run as root (rootful podman and debootstrap)"; exit 1; }

# This VM's kernel and sandbox: crun refuses its hybrid cgroup layout, and raising rlimits is
# refused, so runc with cgroupfs and lowered ulimits. Harmless elsewhere.
pm() { podman --runtime "$(command -v runc)" --cgroup-manager=cgroupfs "$@"; }
export -f pm
limits=(--ulimit nproc=4096:4096 --ulimit nofile=4096:4096)

mkdir -p "$work"
if ! pm image exists "$base"; then
  say "making the stand-in base $base (debootstrap, about 2 minutes)"
  rootfs="$work/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
    || { say "debootstrap failed: see $work/debootstrap.log"; exit 1; }
  cp "$(command -v node)" "$rootfs/usr/local/bin/node"
  npm_root=$(npm root -g)
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$npm_root/npm" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd -g 1000 node
  chroot "$rootfs" useradd -u 1000 -g node -m -s /bin/bash node
  changes=(--change 'CMD ["node"]' --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin')
  # A machine whose outgoing TLS is intercepted needs its CA inside the build too.
  if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
    mkdir -p "$rootfs/etc/ssl/certs"
    cp "$NODE_EXTRA_CA_CERTS" "$rootfs/etc/ssl/certs/extra-ca.crt"
    changes+=(--change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/extra-ca.crt')
  fi
  tar -C "$rootfs" -c . | pm import --quiet "${changes[@]}" - "$base" >/dev/null
  rm -rf "$rootfs"
fi

say "building $image from $here (stand-in base $base; a few minutes)"
start=$(date +%s)
pm build --format docker "${limits[@]}" --build-arg NODE_IMAGE="$base" \
  --build-arg INSTALL_CHROMIUM="$chromium" -t "$image" "$here" >"$work/build.log" 2>&1 \
  || { say "FAIL build: see $work/build.log"; tail -20 "$work/build.log"; exit 1; }
say "ok   build ($(( $(date +%s) - start )) s, image $(pm image inspect "$image" --format '{{.Size}}' | awk '{printf "%.0f MB", $1/1e6}'))"

# A source on the host, reachable from the container at the bridge's gateway.
gateway=$(pm network inspect podman --format '{{range .Subnets}}{{.Gateway}}{{end}}' 2>/dev/null || true)
gateway=${gateway:-10.88.0.1}
src="$work/source"
mkdir -p "$src"
{
  echo '<!doctype html><html lang="en"><head><title>Smoke news</title></head><body><main><h1>News</h1>'
  for i in 1 2 3 4 5 6; do
    printf '<article><h2><a href="/news/%d">Story number %d about the container</a></h2><time datetime="2026-11-%02d">Nov %d, 2026</time><p>Text of story %d.</p></article>\n' "$i" "$i" "$i" "$i" "$i"
  done
  echo '</main></body></html>'
} >"$src/list.html"
cat >"$src/js.html" <<'HTML'
<!doctype html><html lang="en"><head><title>Built by script</title></head><body><main id="app"></main>
<script>
  const app = document.getElementById('app');
  for (let i = 1; i <= 5; i++) {
    const article = document.createElement('article');
    article.innerHTML = '<h2><a href="/js/' + i + '">Script-built story ' + i + ' for the renderer</a></h2><p>Body ' + i + '.</p>';
    app.appendChild(article);
  }
</script></body></html>
HTML
cat >"$src/feeds.yml" <<YAML
feeds:
  smoke-auto:
    channel:
      url: http://${gateway}:${source_port}/list.html
    auto_source: true
  smoke-rendered:
    channel:
      url: http://${gateway}:${source_port}/js.html
    strategy: renderer
    auto_source: true
YAML
python3 -m http.server "$source_port" --bind 0.0.0.0 --directory "$src" >"$work/source.log" 2>&1 &
source_pid=$!
for _ in $(seq 1 20); do
  curl -fs "http://127.0.0.1:${source_port}/list.html" 2>/dev/null | grep -q 'Smoke news' && break
  sleep 0.5
done
curl -fs "http://127.0.0.1:${source_port}/list.html" 2>/dev/null | grep -q 'Smoke news' \
  || { say "the source server did not start on port ${source_port} (in use? set CONTAINER_SMOKE_SOURCE_PORT)"; exit 1; }
cleanup() {
  kill "$source_pid" 2>/dev/null || true
  if [ "$keep" = false ]; then pm rm -f "$name" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

pm run -d --name "$name" "${limits[@]}" -e SERVICE_SECRET_KEY=container-smoke-key-0123456789abcdef \
  -e ALLOW_PRIVATE_NETWORKS=true -v "$src/feeds.yml:/app/feeds.yml:ro" \
  -p "127.0.0.1:${port}:4000" "$image" >/dev/null
base_url="http://127.0.0.1:${port}"
for _ in $(seq 1 60); do
  curl -fs -o /dev/null "$base_url/api/v1/health/live" && break
  sleep 1
done

check "liveness 200" curl -fs -o /dev/null "$base_url/api/v1/health/live"
check "web UI 200" curl -fs -o /dev/null "$base_url/"
check "runs as uid 1000 (node)" test "$(pm exec "$name" id -u)" = 1000
check "no development-only package in /app" \
  pm exec "$name" sh -c '! ls node_modules/.pnpm | grep -E "^(typescript|vitest|vite|esbuild|tsx|playwright-core|turbo)@"'
for format in rss atom json; do
  check "feed .$format 200 with brotli" bash -c \
    "test \"\$(curl -s -o /dev/null -w '%{http_code} %header{content-encoding}' -H 'Accept-Encoding: br' $base_url/api/v1/feeds/smoke-auto.$format)\" = '200 br'"
done
curl -s --compressed "$base_url/api/v1/feeds/smoke-auto.atom" >"$work/smoke.atom"
check "feedparser reads the Atom with 6 items" bash -c \
  "python3 '$here/../shared/tools/check-feed.py' '$work/smoke.atom' 2>/dev/null | grep -q '6 items, ok' || /usr/bin/python3 -c \"import feedparser,sys; d=feedparser.parse('$work/smoke.atom'); sys.exit(0 if len(d.entries)==6 and not d.bozo else 1)\""
check "first-seen times written as node under /app/.pagefeed" \
  bash -c "test \"\$(pm exec $name stat -c %U /app/.pagefeed/first-seen)\" = node"
check "pagefeed --version" pm exec "$name" pagefeed --version
check "pagefeed validate /app/feeds.yml" pm exec "$name" pagefeed validate /app/feeds.yml
check "pagefeed auto (CLI in the image)" bash -c \
  "pm exec -e ALLOW_PRIVATE_NETWORKS=true $name pagefeed auto http://${gateway}:${source_port}/list.html --format json | grep -q 'Story number 3'"
check "HEALTHCHECK command" pm healthcheck run "$name"
if [ "$chromium" = true ]; then
  check "renderer feed: a script-built page gives items (built-in renderer)" bash -c \
    "curl -s $base_url/api/v1/feeds/smoke-rendered.json | grep -q 'Script-built story 5'"
else
  check "renderer listed as not configured without Chromium" bash -c \
    "curl -s $base_url/api/v1 | grep -q 'not_configured'"
fi
pm stop -t 30 "$name" >/dev/null
check "SIGTERM: exit code 0" test "$(pm inspect "$name" --format '{{.State.ExitCode}}')" = 0
check "SIGTERM: graceful stop logged" bash -c "pm logs $name 2>&1 | grep -q '\"message\":\"stopped\"'"

if [ "$failures" -gt 0 ]; then say "$failures check(s) failed"; exit 1; fi
say "all checks passed ($image)"
