/*
 * Quizbeam's Dockerfile and .dockerignore, read for the image replay (containerLayout.ts). The parser knows
 * exactly the instruction forms the Dockerfile uses and throws on anything else, so the replay cannot
 * silently drift from the file.
 */

export type RunCommand =
  | { kind: 'npm ci'; args: string[] }
  | { kind: 'npm run build' }
  /** `npm pkg delete KEY… [--flags]`: the stage's own copies of package.json files edited before installing. */
  | { kind: 'npm pkg delete'; keys: string[]; args: string[] }
  /** `node scripts/NAME.mjs`: one of the repository's scripts, copied into the stage first. */
  | { kind: 'node script'; script: string }
  /** `mkdir -p DIR && chown USER:USER DIR`: the folder the non-root user may write to. */
  | { kind: 'writable folder'; folder: string; owner: string };

export type Instruction =
  | { kind: 'WORKDIR'; folder: string }
  | { kind: 'COPY'; from: string | null; sources: string[]; destination: string }
  /** One RUN line: its commands, joined by `&&` (one layer). */
  | { kind: 'RUN'; commands: RunCommand[] }
  | { kind: 'ENV'; variables: Record<string, string> }
  | { kind: 'USER'; user: string }
  | { kind: 'VOLUME'; folder: string }
  | { kind: 'EXPOSE'; port: number }
  | { kind: 'HEALTHCHECK'; options: Record<string, string>; command: string[] }
  | { kind: 'CMD'; command: string[] };

export interface Stage {
  name: string;
  /** The base image: the default of the build argument when FROM names one. */
  image: string;
  /** The build argument FROM names (`FROM ${NODE_IMAGE} AS …`), or null for a literal image. */
  imageArg: string | null;
  instructions: Instruction[];
}

class DockerfileError extends Error {
  constructor(lineNumber: number, line: string, problem: string) {
    super(
      `Dockerfile line ${lineNumber}: ${problem}\n  ${line}\nThe replay in e2e/src/containerLayout.ts must learn this form first.`,
    );
  }
}

/** The instructions with their first line's number: comments and blank lines dropped, `\` continuations joined. */
function logicalLines(text: string): { lineNumber: number; line: string }[] {
  const lines: { lineNumber: number; line: string }[] = [];
  let pending: { lineNumber: number; line: string } | null = null;
  text.split('\n').forEach((raw, index) => {
    const trimmed = raw.trim();
    if (pending === null && (trimmed === '' || trimmed.startsWith('#'))) return;
    const continues = trimmed.endsWith('\\');
    const part = continues ? trimmed.slice(0, -1).trim() : trimmed;
    pending = pending
      ? { ...pending, line: `${pending.line} ${part}` }
      : { lineNumber: index + 1, line: part };
    if (!continues) {
      lines.push(pending);
      pending = null;
    }
  });
  if (pending) throw new Error('Dockerfile: the last instruction ends with a line continuation');
  return lines;
}

const SIMPLE_PATH = /^[A-Za-z0-9._/-]+$/;
const ABSOLUTE_PATH = /^\/[A-Za-z0-9._/-]*$/;
const NPM_FLAG = /^--[a-z-]+(=[A-Za-z0-9@._/-]+)?$/;
const ENV_PAIR = /^([A-Z_][A-Z0-9_]*)=([A-Za-z0-9._/:@-]*)$/;

function execForm(text: string, fail: (problem: string) => never): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail('only the exec form (a JSON array of strings) is understood');
  }
  if (!Array.isArray(parsed) || parsed.length === 0 || !parsed.every((item) => typeof item === 'string')) {
    return fail('only the exec form (a JSON array of strings) is understood');
  }
  return parsed;
}

function parseRun(rest: string, fail: (problem: string) => never): RunCommand[] {
  // A BuildKit cache mount keeps npm's download cache out of the image; the replay uses the machine's cache.
  const command = rest.replace(/^--mount=type=cache,target=\/\S+\s+/, '');
  if (command.startsWith('--')) return fail('RUN takes no flag but a cache mount');
  const folder = /^mkdir -p (\/\S+) && chown ([a-z_][a-z0-9_-]*):\2 (\/\S+)$/.exec(command);
  if (folder?.[1] && folder[2] && folder[1] === folder[3] && ABSOLUTE_PATH.test(folder[1])) {
    return [{ kind: 'writable folder', folder: folder[1], owner: folder[2] }];
  }
  return command.split(' && ').map((step) => parseRunStep(step.trim(), fail));
}

const PACKAGE_KEY = /^[A-Za-z@][A-Za-z0-9@._/-]*$/;
const REPOSITORY_SCRIPT = /^scripts\/[A-Za-z0-9_-]+\.mjs$/;

function parseRunStep(step: string, fail: (problem: string) => never): RunCommand {
  if (step === 'npm run build') return { kind: 'npm run build' };
  const words = step.split(/\s+/);
  if (words[0] === 'npm' && words[1] === 'ci') {
    const args = words.slice(2);
    const unknown = args.find((arg) => !NPM_FLAG.test(arg));
    if (unknown !== undefined) return fail(`npm ci takes only --flags here, not "${unknown}"`);
    return { kind: 'npm ci', args };
  }
  if (words[0] === 'npm' && words[1] === 'pkg' && words[2] === 'delete') {
    const rest = words.slice(3);
    const firstFlag = rest.findIndex((word) => word.startsWith('--'));
    const keys = firstFlag === -1 ? rest : rest.slice(0, firstFlag);
    const args = firstFlag === -1 ? [] : rest.slice(firstFlag);
    if (keys.length === 0 || !keys.every((key) => PACKAGE_KEY.test(key)))
      return fail('npm pkg delete needs plain keys (name.sub) first, then --flags');
    const unknown = args.find((arg) => !NPM_FLAG.test(arg));
    if (unknown !== undefined)
      return fail(`npm pkg delete takes only --flags after its keys, not "${unknown}"`);
    return { kind: 'npm pkg delete', keys, args };
  }
  if (words[0] === 'node' && words.length === 2 && REPOSITORY_SCRIPT.test(words[1] ?? '')) {
    return { kind: 'node script', script: words[1] ?? '' };
  }
  return fail(
    'RUN must be `mkdir -p DIR && chown USER:USER DIR`, or `&&`-joined `npm ci …`, `npm run build`, ' +
      '`npm pkg delete KEY… --flags` or `node scripts/NAME.mjs`',
  );
}

function parseCopy(rest: string, fail: (problem: string) => never): Instruction {
  const words = rest.split(/\s+/);
  let from: string | null = null;
  const fromFlag = /^--from=([a-z][a-z0-9_-]*)$/.exec(words[0] ?? '');
  if (fromFlag?.[1]) {
    from = fromFlag[1];
    words.shift();
  }
  if (words.some((word) => word.startsWith('--'))) return fail('COPY takes no flag but --from=STAGE');
  if (words.length < 2) return fail('COPY needs at least one source and a destination');
  if (!words.every((word) => SIMPLE_PATH.test(word))) return fail('COPY paths must be plain (no wildcards)');
  const destination = words.pop() ?? '';
  if (words.length > 1 && !destination.endsWith('/'))
    return fail('several sources need a destination ending in /');
  return { kind: 'COPY', from, sources: words, destination };
}

function parseInstruction(keyword: string, rest: string, fail: (problem: string) => never): Instruction {
  switch (keyword) {
    case 'WORKDIR':
      if (!ABSOLUTE_PATH.test(rest)) return fail('WORKDIR must be an absolute path');
      return { kind: 'WORKDIR', folder: rest };
    case 'COPY':
      return parseCopy(rest, fail);
    case 'RUN':
      return { kind: 'RUN', commands: parseRun(rest, fail) };
    case 'ENV': {
      const variables: Record<string, string> = {};
      for (const pair of rest.split(/\s+/)) {
        const match = ENV_PAIR.exec(pair);
        if (!match?.[1] || match[2] === undefined) return fail('ENV must be unquoted NAME=value pairs');
        variables[match[1]] = match[2];
      }
      return { kind: 'ENV', variables };
    }
    case 'USER':
      if (!/^[a-z_][a-z0-9_-]*$/.test(rest)) return fail('USER must be a user name');
      return { kind: 'USER', user: rest };
    case 'VOLUME':
      if (!ABSOLUTE_PATH.test(rest)) return fail('VOLUME must be one absolute path');
      return { kind: 'VOLUME', folder: rest };
    case 'EXPOSE':
      if (!/^\d{1,5}$/.test(rest)) return fail('EXPOSE must be one TCP port');
      return { kind: 'EXPOSE', port: Number(rest) };
    case 'HEALTHCHECK': {
      const match = /^((?:--[a-z-]+=\S+\s+)*)CMD\s+(\[.*\])$/.exec(rest);
      if (!match?.[2]) return fail('HEALTHCHECK must be `[--option=value …] CMD [exec form]`');
      const options = Object.fromEntries(
        (match[1] ?? '')
          .trim()
          .split(/\s+/)
          .filter((option) => option !== '')
          .map((option) => option.slice(2).split('=', 2) as [string, string]),
      );
      return { kind: 'HEALTHCHECK', options, command: execForm(match[2], fail) };
    }
    case 'CMD':
      return { kind: 'CMD', command: execForm(rest, fail) };
    default:
      return fail(`${keyword} is not an instruction this replay understands`);
  }
}

/** The Dockerfile's stages, each with its instructions. Throws on any form the replay does not know. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  /** The build arguments declared before the first FROM, with their defaults. */
  const args = new Map<string, string>();
  for (const { lineNumber, line } of logicalLines(text)) {
    const fail: (problem: string) => never = (problem) => {
      throw new DockerfileError(lineNumber, line, problem);
    };
    const [, keyword, rest] = /^([A-Z]+)\s+(.+)$/.exec(line) ?? fail('not an INSTRUCTION with arguments');
    if (keyword === undefined || rest === undefined) return fail('not an INSTRUCTION with arguments');
    if (keyword === 'ARG') {
      if (stages.length > 0) return fail('ARG is understood only before the first FROM');
      const [, name, value] =
        /^([A-Z_][A-Z0-9_]*)=([A-Za-z0-9._/:@-]+)$/.exec(rest) ?? fail('ARG must be `ARG NAME=default`');
      args.set(name ?? '', value ?? '');
      continue;
    }
    if (keyword === 'FROM') {
      const [, image = '', name = ''] =
        /^(\S+) AS ([a-z][a-z0-9_-]*)$/.exec(rest) ?? fail('FROM must be `FROM IMAGE AS NAME`');
      const imageArg = /^\$\{([A-Z_][A-Z0-9_]*)\}$/.exec(image)?.[1] ?? null;
      if (imageArg === null && image.includes('$'))
        return fail('FROM names a build argument only in braces, as $' + '{NAME}');
      const resolved =
        imageArg === null ? image : (args.get(imageArg) ?? fail(`no ARG ${imageArg} before FROM`));
      stages.push({ image: resolved, imageArg, name, instructions: [] });
      continue;
    }
    const stage = stages.at(-1) ?? fail('an instruction before the first FROM');
    stage.instructions.push(parseInstruction(keyword, rest, fail));
  }
  return stages;
}

/** Whether `.dockerignore` keeps a path (relative to the build context, with `/`) out of the build context. */
export function dockerignoreMatcher(text: string): (relativePath: string) => boolean {
  const patterns = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((pattern) => {
      if (pattern.startsWith('!'))
        throw new Error(`.dockerignore: exceptions (${pattern}) are not understood here`);
      const source = pattern
        .replace(/^\/+/, '')
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => {
          if (part === '**/') return '(?:.*/)?';
          if (part === '**') return '.*';
          if (part === '*') return '[^/]*';
          if (part === '?') return '[^/]';
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return new RegExp(`^${source}$`);
    });
  return (relativePath) => {
    // An excluded folder takes everything in it along.
    const parts = relativePath.split('/');
    return parts.some((_, index) => {
      const prefix = parts.slice(0, index + 1).join('/');
      return patterns.some((pattern) => pattern.test(prefix));
    });
  };
}
