import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { cliPath } from '../serverProcess';
import type { Cluster } from './cluster';

const run = promisify(execFile);

export interface StoredLead {
  id: string;
  email: string;
  deliveryStatus: string;
}

/** A quiz's leads as `npm run cli -- leads:list` prints them from the cluster's database. */
export async function storedLeads(cluster: Cluster, quizId: string): Promise<StoredLead[]> {
  const { stdout } = await run(process.execPath, [cliPath, 'leads:list', '--quiz', quizId], {
    env: { ...process.env, ...cluster.env },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as StoredLead);
}
