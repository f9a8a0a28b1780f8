// The 100 dashboard streams of bench/realtime.bench.ts, in a thread of their own so reading them
// does not share the server's event loop. Each riderPosition event's arrival time (on the clock
// both threads share: timeOrigin + now) is sent back per step, keyed by rider and latitude.
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

const { url, token, streams } = workerData;
let arrivals = [];
const now = () => performance.timeOrigin + performance.now();

async function read(i) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`stream ${i}: ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let helloed = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    const at = now();
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      if (block.startsWith('event: hello')) {
        if (!helloed) parentPort.postMessage({ type: 'ready' });
        helloed = true;
      } else if (block.startsWith('event: riderPosition')) {
        const d = JSON.parse(block.slice(block.indexOf('data: ') + 6));
        arrivals.push(i, d.riderId, d.latitude, at);
      }
    }
  }
}

for (let i = 0; i < streams; i++)
  read(i).catch((e) => parentPort.postMessage({ type: 'error', message: String(e) }));
parentPort.on('message', (m) => {
  if (m === 'flush') {
    parentPort.postMessage({ type: 'arrivals', arrivals });
    arrivals = [];
  }
});
