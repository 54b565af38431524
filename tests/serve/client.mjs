// A worldgen serve client in Node.js using only its standard library: the protocol seen from
// another language. It plays one episode per world at once (always the first admissible command),
// then sends some broken requests, and prints a JSON summary on stdout for the test to compare.
//
//   node client.mjs stdio PYTHON -m worldgen.cli.main serve SUITE --stdio
//   node client.mjs http http://127.0.0.1:PORT/
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import http from "node:http";

// Each transport sends request lines and resolves, in order, with their reply objects.
function stdioTransport(argv) {
  const child = spawn(argv[0], argv.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  createInterface({ input: child.stdout }).on("line", (line) => waiting.shift()(JSON.parse(line)));
  return {
    send(lines) {
      const replies = lines.map(() => new Promise((resolve) => waiting.push(resolve)));
      child.stdin.write(lines.map((l) => l + "\n").join(""));
      return Promise.all(replies);
    },
    close() {
      child.stdin.end();
      return new Promise((resolve) => child.on("exit", resolve));
    },
  };
}

function httpTransport(url) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  return {
    send(lines) {
      const body = Buffer.from(lines.map((l) => l + "\n").join(""));
      return new Promise((resolve, reject) => {
        const req = http.request(url, { method: "POST", agent, headers: { "Content-Type": "application/x-ndjson", "Content-Length": body.length } }, (res) => {
          const chunks = [];
          res.on("data", (c) => chunks.push(c));
          res.on("end", () => resolve(Buffer.concat(chunks).toString("utf8").split("\n").filter((l) => l).map((l) => JSON.parse(l))));
        });
        req.on("error", reject);
        req.end(body);
      });
    },
    close() {
      agent.destroy();
      return Promise.resolve(0);
    },
  };
}

const [mode, ...rest] = process.argv.slice(2);
const transport = mode === "stdio" ? stdioTransport(rest) : httpTransport(rest[0]);
let nextId = 0;
const call = async (request) => (await transport.send([JSON.stringify({ id: ++nextId, ...request })]))[0];

const { worlds } = await call({ op: "list" });
// Open every session in one pipelined batch, then step them all concurrently, one round at a time.
const resets = await transport.send(worlds.map((w, i) => JSON.stringify({ id: `reset-${i}`, op: "reset", world: w.id, seed: 7 })));
const episodes = resets.map((r, i) => ({ world: worlds[i].id, session: r.session, last: r, steps: 0, return: 0, rewards: [] }));
let playing = episodes;
while (playing.length > 0) {
  const replies = await Promise.all(playing.map((e) => call({ op: "step", session: e.session, command: e.last.info.admissible[0] ?? "look" })));
  playing.forEach((e, i) => {
    e.last = replies[i];
    e.steps += 1;
    e.return += replies[i].reward;
    e.rewards.push(replies[i].reward);
  });
  playing = playing.filter((e) => !e.last.terminated && !e.last.truncated);
}
const broken = await transport.send([
  "this is not json",
  JSON.stringify({ id: "u", op: "teleport" }),
  JSON.stringify({ id: "s", op: "step", session: "no-such-session", command: "look" }),
  JSON.stringify({ id: "m", op: "step", session: episodes[0].session }),
  JSON.stringify({ id: "w", op: "reset", world: "no-such-world" }),
]);
const closed = await transport.send(episodes.map((e) => JSON.stringify({ op: "close", session: e.session })));
const afterClose = await call({ op: "step", session: episodes[0].session, command: "look" });
await transport.close();

console.log(JSON.stringify({
  worlds: worlds.map((w) => w.id),
  episodes: episodes.map((e) => ({ world: e.world, steps: e.steps, rewards: e.rewards, success: e.last.info.success,
    terminated: e.last.terminated, truncated: e.last.truncated, observation: e.last.observation })),
  errors: broken.map((r) => [r.id, r.error.code]),
  closed: closed.every((r) => r.closed === true),
  afterClose: afterClose.error.code,
}));
