/**
 * The functions a V8 CPU profile (`node --cpu-prof`, `.cpuprofile`) spent the most self time in, as DevTools' "Bottom-Up"
 * view lists them: each sample's time goes to the function on top of the stack, functions are told apart by name and
 * place (file:line). (idle), the time the process waited for work, is left out: shares are of the busy time, in which
 * (program) and (garbage collector) count like any function. A profile of a whole server run includes its start.
 *   npm run cpu-profile-top -w @rhc/bench -- /some/dir/CPU.*.cpuprofile [count] [from-seconds]
 * from-seconds leaves out what came before that time into the profile (a server's start, as server-ratio prints it).
 */
import fs from 'node:fs/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

interface SelfTime {
  name: string;
  place: string;
  ms: number;
  share: number;
}

/** The `count` entries with the most self time, with their share of the profile's busy time. */
function topSelfTime(profile: Profile, count: number, fromSeconds: number): { entries: SelfTime[]; busyMs: number } {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const byFunction = new Map<string, SelfTime>();
  let total = 0;
  let elapsed = 0;
  profile.samples.forEach((id, index) => {
    // A sample's delta is the time since the one before; it is charged to the sample it ends.
    const microseconds = profile.timeDeltas[index] ?? 0;
    elapsed += microseconds;
    const frame = frames.get(id);
    if (!frame || frame.functionName === '(idle)' || elapsed < fromSeconds * 1e6) return;
    total += microseconds;
    const file = frame.url
      ? frame.url
          .replace(/^file:\/\//, '')
          .split(`${path.sep}node_modules${path.sep}`)
          .at(-1)
      : '';
    const place = file ? `${file}:${frame.lineNumber + 1}` : '';
    const name = frame.functionName || '(anonymous)';
    const key = `${name} ${place}`;
    const entry = byFunction.get(key) ?? { name, place, ms: 0, share: 0 };
    entry.ms += microseconds / 1000;
    byFunction.set(key, entry);
  });
  const entries = [...byFunction.values()]
    .map((entry) => ({ ...entry, share: total ? (entry.ms * 1000) / total : 0 }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
  return { entries, busyMs: total / 1000 };
}

const [file, count = '5', from = '0'] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-top <file.cpuprofile> [count]');
  process.exit(2);
}
const profile = JSON.parse(await fs.readFile(file, 'utf8')) as Profile;
const { entries, busyMs } = topSelfTime(profile, Number(count), Number(from));
console.log(
  `${path.basename(file)}: ${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s profiled, ${(busyMs / 1000).toFixed(1)} s of it busy from ${from} s`,
);
for (const [index, entry] of entries.entries())
  console.log(`${index + 1}. ${entry.name} ${entry.place} — ${entry.ms.toFixed(0)} ms self, ${(entry.share * 100).toFixed(1)} %`);
