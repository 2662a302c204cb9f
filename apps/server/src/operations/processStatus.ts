/** Where this process stands, as /readyz and the shutdown see it. */
export interface ProcessStatus {
  /** Set as soon as a shutdown starts: /readyz answers 503 from then on. */
  closing: boolean;
  /** `off` when another process delivers (WORKER=off); `stopped` once a running worker was stopped. */
  worker: 'off' | 'running' | 'stopped';
}

export function newProcessStatus(worker: ProcessStatus['worker'] = 'off'): ProcessStatus {
  return { closing: false, worker };
}
