import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second (USER_HZ), in which /proc counts CPU time. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU seconds a process has used so far (user and system), from /proc; 0 once it is gone. */
function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds every core of the machine has spent busy so far (all but idle and I/O wait), from /proc/stat. */
function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const ticks = line.trim().split(/\s+/).slice(1).map(Number);
  const total = ticks.reduce((sum, value) => sum + value, 0);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (total - idle) / CLOCK_TICKS_PER_SECOND;
}

export interface CpuUse {
  /** Cores each process kept busy on average, in the order they were given. */
  processCores: number[];
  /** Cores the whole machine kept busy on average (the load generator and everything else included). */
  machineCores: number;
}

/** Starts counting the CPU of the given processes and of the machine; the returned function stops and reports. */
export function startCpuSample(pids: (number | undefined)[]): () => CpuUse {
  const startedAt = performance.now();
  const processBefore = pids.map(cpuSecondsOf);
  const machineBefore = machineBusySeconds();
  return () => {
    const seconds = (performance.now() - startedAt) / 1000;
    return {
      processCores: pids.map((pid, index) => (cpuSecondsOf(pid) - (processBefore[index] ?? 0)) / seconds),
      machineCores: (machineBusySeconds() - machineBefore) / seconds,
    };
  };
}
