import { ALL_CASE_IDS, CONVERSION_CASES } from './cases';
import { FRAMINGS, parseFramings, type FramingName } from './framing';

/** The engines timed besides Chromium, as ratios to it. */
export const OTHER_ENGINES = ['firefox', 'webkit'] as const;
export type OtherEngine = (typeof OTHER_ENGINES)[number];

export interface BenchOptions {
  /** Smaller pictures, one warm run, small files for the memory case: for developing the bench. */
  quick: boolean;
  /** Measured runs per case, after one warm-up run. */
  runs: number;
  /** Case ids to run, in catalogue order. */
  cases: string[];
  skipMemory: boolean;
  /** Serve the existing dist/ instead of running `npm run build` first. */
  skipBuild: boolean;
  /** Quality percent set in the app for every case; null = the app's default (80). */
  quality: number | null;
  /** Serve this build instead of dist/ (e.g. another commit's, for a before/after table); implies skipBuild. */
  dist: string | null;
  /** Port for `vite preview`; undefined = a free port chosen by the system. */
  port: number | undefined;
  /** Engines whose click-to-result times are reported as ratios to Chromium's. */
  engines: OtherEngine[];
  /** Framings each conversion case is also run with through the page's controls, against a plain run (Chromium). */
  framings: FramingName[];
  /** In the per-engine runs, Convert is clicked no sooner than this after the file list shows (ms). */
  lookMs: number;
  help: boolean;
}

export const USAGE = `Usage: npm run bench -- [options]
  --quick            smaller pictures, 1 warm run, small memory case (for development)
  --runs N           measured runs per case after one warm-up (default 5; 1 with --quick)
  --cases a,b        only these cases (or shapes: anim-800x600 = its three contents): ${ALL_CASE_IDS.join(', ')}
  --quality N        set the app's quality slider to N (10–100, step 10) in every case (default: the app's default)
  --skip-memory      leave out the memory case (ten ~50 MB PNGs)
  --skip-build       serve the existing dist/ without rebuilding
  --dist DIR         serve another build (e.g. of main, for a before/after table); implies --skip-build
  --port N           port for vite preview (default: a free port)
  --engines a,b      also time the conversion cases in these engines, as ratios to Chromium: ${OTHER_ENGINES.join(', ')}
                     (default: both; none: Chromium only)
  --framing a,b      also run each conversion case with these framings set on the page, against a plain run in
                     turn, in Chromium: ${FRAMINGS.join(', ')} (turn: a quarter right; crop: 2 % off each side)
  --look MS          in those runs, click Convert no sooner than MS after the file list shows, in every engine
                     alike (default 0: as soon as the button holds still)
  --help             this text`;

export function parseOptions(argv: readonly string[]): BenchOptions {
  const options: BenchOptions = {
    quick: false,
    runs: 5,
    cases: [...ALL_CASE_IDS],
    skipMemory: false,
    skipBuild: false,
    quality: null,
    dist: null,
    port: undefined,
    engines: [...OTHER_ENGINES],
    framings: [],
    lookMs: 0,
    help: false,
  };
  let runsGiven = false;
  for (let i = 0; i < argv.length; i++) {
    const [flag, inlineValue] = argv[i]!.split('=', 2) as [string, string | undefined];
    const value = () => {
      const next = inlineValue ?? argv[++i];
      if (next === undefined) throw new Error(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--quick':
        options.quick = true;
        break;
      case '--runs':
        options.runs = positiveInteger(flag, value());
        runsGiven = true;
        break;
      case '--cases':
        options.cases = selectCases(value());
        break;
      case '--quality':
        options.quality = qualityPercent(value());
        break;
      case '--skip-memory':
        options.skipMemory = true;
        break;
      case '--skip-build':
        options.skipBuild = true;
        break;
      case '--dist':
        options.dist = value();
        options.skipBuild = true;
        break;
      case '--port':
        options.port = positiveInteger(flag, value());
        break;
      case '--engines':
        options.engines = selectEngines(value());
        break;
      case '--framing':
        options.framings = parseFramings(value());
        break;
      case '--look':
        options.lookMs = positiveInteger(flag, value());
        break;
      case '--help':
      case '-h':
        options.help = true;
        break;
      default:
        throw new Error(`unknown option ${flag}\n${USAGE}`);
    }
  }
  if (options.quick && !runsGiven) options.runs = 1;
  if (options.skipMemory) options.cases = options.cases.filter((id) => id !== 'memory');
  if (options.framings.length > 0 && !CONVERSION_CASES.some((c) => options.cases.includes(c.id)))
    throw new Error(`--framing needs a conversion case in --cases (not only page or memory)`);
  return options;
}

function selectEngines(list: string): OtherEngine[] {
  if (list === 'none') return [];
  const wanted = list.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => !(OTHER_ENGINES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`unknown engine(s) ${unknown.join(', ')}; known: ${OTHER_ENGINES.join(', ')}, none`);
  return OTHER_ENGINES.filter((engine) => wanted.includes(engine));
}

function positiveInteger(flag: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a positive integer, got "${text}"`);
  return value;
}

function qualityPercent(text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 10 || value > 100 || value % 10 !== 0) {
    throw new Error(`--quality takes 10, 20, … 100 (the app's slider steps), got "${text}"`);
  }
  return value;
}

/** Ids, or a shape's prefix (`anim-800x600` = its photo, gradient and UI cases), in catalogue order. */
function selectCases(list: string): string[] {
  const wanted = list
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const matches = (name: string, id: string) => id === name || id.startsWith(`${name}-`);
  const unknown = wanted.filter((name) => !ALL_CASE_IDS.some((id) => matches(name, id)));
  if (unknown.length > 0) throw new Error(`unknown case(s) ${unknown.join(', ')}; known: ${ALL_CASE_IDS.join(', ')}`);
  return ALL_CASE_IDS.filter((id) => wanted.some((name) => matches(name, id)));
}
