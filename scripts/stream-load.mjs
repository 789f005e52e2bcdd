// Streaming fan-out: STREAMS readers, each with a Mastodon `user` stream open over WebSocket, all
// following one author; the author publishes POSTS posts, one at a time, and every stream's
// receipt of each is timed from the moment the publish was sent. Prints one line per post and the
// medians over the posts of each post's p50, p99 and max delivery time, as JSON on the last line.
// Beside each post, the same run polls the first follower's home timeline (GET
// /api/v1/timelines/home, every 10 ms) until the post is on it: the baseline that follower's
// stream is compared with.
//
// Run by scripts/stream-load.sh, which starts the server; NATIVE and MASTODON are its base URLs.
// The ws client of the Mastodon test suite (mastodon-tests/package.json), by path: this script has no package of its own.
const { default: WebSocket } = await import(new URL("../mastodon-tests/node_modules/ws/wrapper.mjs", import.meta.url));

const NATIVE = process.env.NATIVE;
const MASTODON = process.env.MASTODON;
const STREAMS = Number(process.env.STREAMS ?? 1000);
const POSTS = Number(process.env.POSTS ?? 20);
const PARALLEL = Number(process.env.PARALLEL ?? 8);
const WAIT_MS = Number(process.env.WAIT_MS ?? 60_000);

async function call(url, { method = "POST", body, form, token } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body) headers["Content-Type"] = "application/json";
  if (form) headers["Content-Type"] = "application/x-www-form-urlencoded";
  const response = await fetch(url, { method, headers, body: body ? JSON.stringify(body) : form ? new URLSearchParams(form) : undefined });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

async function inParallel(items, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: PARALLEL }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i], i);
    }
  }));
  return results;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const password = (name) => `${name} password words`;
const started = Date.now();

const app = await call(`${MASTODON}/api/v1/apps`, { form: { client_name: "stream-load", redirect_uris: "urn:ietf:wg:oauth:2.0:oob", scopes: "read write follow" } });
async function signUp(name) {
  await call(`${NATIVE}/users`, { body: { username: name, email: `${name}@example.org`, password: password(name), displayName: name } });
  return (await call(`${MASTODON}/oauth/token`, { form: { grant_type: "password", client_id: app.client_id, client_secret: app.client_secret,
    username: name, password: password(name), scope: "read write follow" } })).access_token;
}

const author = await signUp("stream_author");
const readers = Array.from({ length: STREAMS }, (_, i) => `reader_${i}`);
const tokens = await inParallel(readers, async (name) => {
  const token = await signUp(name);
  await call(`${MASTODON}/api/v1/accounts/stream_author/follow`, { token });
  return token;
});
console.error(`seeded 1 author and ${STREAMS} followers in ${((Date.now() - started) / 1000).toFixed(1)} s`);

const streamUrl = `${MASTODON.replace("http", "ws")}/api/v1/streaming?stream=user`;
const received = new Map(); // post id -> array of receipt times (ms)
const first = new Map(); // post id -> when the first follower's stream (the one whose timeline is polled) got it
const sockets = await inParallel(tokens, (token, index) => new Promise((resolve, reject) => {
  const socket = new WebSocket(streamUrl, [token]);
  socket.on("open", () => resolve(socket));
  socket.on("error", reject);
  socket.on("message", (data) => {
    const at = performance.now();
    const message = JSON.parse(data.toString());
    if (message.event !== "update") return;
    const id = JSON.parse(message.payload).id;
    if (!received.has(id)) received.set(id, []);
    received.get(id).push(at);
    if (index === 0) first.set(id, at);
  });
}));
console.error(`${sockets.length} streams open`);

/** When the post is first on the first follower's home timeline, polled every 10 ms. */
async function onHomeTimeline(id, deadline) {
  while (Date.now() < deadline) {
    const page = await call(`${MASTODON}/api/v1/timelines/home?limit=1`, { method: "GET", token: tokens[0] });
    if (page[0]?.id === id) return performance.now();
    await new Promise((r) => setTimeout(r, 10));
  }
  return undefined;
}

async function publishAndWait(text) {
  const sentAt = performance.now();
  const status = await call(`${MASTODON}/api/v1/statuses`, { form: { status: text }, token: author });
  const deadline = Date.now() + WAIT_MS;
  const polled = onHomeTimeline(status.id, deadline);
  while ((received.get(status.id)?.length ?? 0) < STREAMS && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 20));
  }
  const times = (received.get(status.id) ?? []).map((at) => at - sentAt).sort((a, b) => a - b);
  const home = (await polled) - sentAt;
  const firstStream = first.get(status.id) - sentAt;
  return { id: status.id, delivered: times.length, p50: quantile(times, 0.5), p99: quantile(times, 0.99), max: times.at(-1), home, firstStream };
}

// The first post also shows that every stream is subscribed (nothing acknowledges a subscription).
const warm = await publishAndWait("warm-up");
console.error(`warm-up: ${warm.delivered} of ${STREAMS} streams, max ${warm.max?.toFixed(0)} ms`);
const runs = [];
for (let i = 0; i < POSTS; i++) {
  const run = await publishAndWait(`post ${i}`);
  runs.push(run);
  console.error(`post ${i + 1}/${POSTS}: delivered to ${run.delivered}/${STREAMS}, p50 ${run.p50?.toFixed(1)} ms, p99 ${run.p99?.toFixed(1)} ms, max ${run.max?.toFixed(1)} ms; the first follower's stream after ${run.firstStream.toFixed(1)} ms, its polled home timeline after ${run.home.toFixed(1)} ms`);
  await new Promise((r) => setTimeout(r, 250));
}
sockets.forEach((socket) => socket.close());
const complete = runs.filter((r) => r.delivered === STREAMS).length;
console.log(JSON.stringify({
  streams: STREAMS, posts: POSTS, postsDeliveredToEveryStream: complete,
  medianP50Ms: Number(median(runs.map((r) => r.p50)).toFixed(1)),
  medianP99Ms: Number(median(runs.map((r) => r.p99)).toFixed(1)),
  medianMaxMs: Number(median(runs.map((r) => r.max)).toFixed(1)),
  worstP99Ms: Number(Math.max(...runs.map((r) => r.p99)).toFixed(1)),
  medianFirstFollowerStreamMs: Number(median(runs.map((r) => r.firstStream)).toFixed(1)),
  medianFirstFollowerHomeTimelineMs: Number(median(runs.map((r) => r.home)).toFixed(1)),
  firstFollowerStreamOverTimeline: Number((median(runs.map((r) => r.firstStream)) / median(runs.map((r) => r.home))).toFixed(2)),
}));
