// Reads the app's `Server-Timing` phases (SERVER_TIMING=true, lib/request-timing.ts) off the answers
// autocannon receives, and breaks a route's latency down: each phase's p50 and p97.5, and what the
// slowest 2.5 % of requests spent in each phase on average (so a slow tail is blamed on its phase).

/** An autocannon `setupClient` that hands each answer's phases and its connection to `onTiming`. */
export function collectTimings(onTiming) {
  return (client) => {
    client.on('headers', ({ headers }) => {
      for (let i = 0; i < headers.length; i += 2) {
        if (String(headers[i]).toLowerCase() === 'server-timing')
          onTiming(client, parseServerTiming(String(headers[i + 1])));
      }
    });
  };
}

export function parseServerTiming(value) {
  const phases = {};
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.trim().startsWith('dur='));
    if (name && dur) phases[name.trim()] = Number(dur.trim().slice(4));
  }
  return phases;
}

/** `samples`: [{ latency, phases }] in answer order. Prints one line per phase. */
export function reportPhases(samples, percentile) {
  if (samples.length === 0) return;
  const names = [...new Set(samples.flatMap((s) => Object.keys(s.phases)))];
  const byLatency = [...samples].sort((a, b) => a.latency - b.latency);
  const tail = byLatency.slice(Math.floor(byLatency.length * 0.975));
  const mean = (list, read) => list.reduce((sum, s) => sum + read(s), 0) / Math.max(1, list.length);
  const rows = [...names, 'outside app'].map((name) => {
    const read = name === 'outside app' ? (s) => s.latency - (s.phases.app ?? 0) : (s) => s.phases[name] ?? 0;
    return {
      name,
      p50: percentile(samples.map(read), 50),
      p975: percentile(samples.map(read), 97.5),
      tail: mean(tail, read),
    };
  });
  console.log(`    phases (ms)          p50      p97.5   mean in slowest 2.5 % (${tail.length} requests)`);
  for (const row of rows) {
    console.log(
      `    ${row.name.padEnd(18)} ${row.p50.toFixed(2).padStart(7)}  ${row.p975.toFixed(2).padStart(8)}  ${row.tail.toFixed(2).padStart(8)}`,
    );
  }
}
