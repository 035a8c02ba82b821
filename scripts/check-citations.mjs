// Fails when a comment or document cites something outside the repository: a section of a product spec or design
// document, a style guide by name, or an issue number. Such a citation is a dead link for every reader who does not
// have that document or tracker; the comment should state the rule itself, or point into docs/ (docs/README.md lists
// the documents). `npm run lint` runs it; `node scripts/check-citations.mjs` alone prints file:line for each hit.
//
// What it reads: the tracked files (`git ls-files`) and the untracked ones git does not ignore
// (`git ls-files --others --exclude-standard`), so a new file is checked before it is added. It skips the lockfile,
// binaries (a NUL byte in the first 8 kB), images and fonts, and itself (it spells the patterns out).
//
// What it allows, on purpose:
// - URLs. A link to another project's issue (`https://github.com/socketio/socket.io/issues/4845`) or a third-party
//   reference such as `socket.io#4845` names a real, public page; URLs are removed from a line before it is matched.
// - `spec` as our own word for a test file (`trip-rules.spec.ts`, "the unit specs"): only `spec` followed by a section
//   sign or by "section" and a number, and the spec document's file name, are citations.
// - `STYLE` as a code name for CSS (`const STYLE = ...`, `${STYLE}`): an assignment or interpolation is not a citation.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(import.meta.dirname, '..');
const self = relative(root, fileURLToPath(import.meta.url));

/** Each pattern with what it catches, for the message. */
export const CITATION_PATTERNS = [
  { name: 'section sign', pattern: /\u00a7\s?\d/ },
  { name: 'spec section', pattern: /\bspec(?:ification)?(?:'s)?\s*(?:\u00a7|sections?\s+\d)/i },
  { name: 'design document', pattern: /\bDESIGN\b/ },
  { name: 'design document', pattern: /\bDESIGN\.md\b/i },
  { name: 'style guide', pattern: /\bSTYLE\.md\b/i },
  { name: 'style guide', pattern: /(?<!\$\{)\bSTYLE\b(?!\s*=[^=])/ },
  { name: 'spec document', pattern: /console-spec/i },
  { name: 'developers guide', pattern: /\bDEVELOPERS\.md\b/i },
  { name: 'issue number', pattern: /\bissues?\s*#?\s?\d+/i },
];

const SKIPPED_FILES = new Set(['package-lock.json', self]);
const SKIPPED_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.ico', '.svg', '.woff', '.woff2', '.ttf', '.pdf']);
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/** The citations in one text: `{line, name, text}` for each line with at least one (its first pattern). */
export function citationsIn(text) {
  const hits = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(URL_PATTERN, '');
    const found = CITATION_PATTERNS.find(({ pattern }) => pattern.test(line));
    if (found) hits.push({ line: index + 1, name: found.name, text: raw.trim() });
  });
  return hits;
}

function listFiles() {
  const git = (args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const names = [...git(['ls-files', '-z']).split('\0'), ...git(['ls-files', '-z', '--others', '--exclude-standard']).split('\0')];
  return [...new Set(names.filter(Boolean))].filter(
    (name) => !SKIPPED_FILES.has(name) && !SKIPPED_EXTENSIONS.has(extname(name).toLowerCase()) && !name.includes('/screenshots/'),
  );
}

function readText(name) {
  let bytes;
  try {
    bytes = readFileSync(resolve(root, name));
  } catch {
    return null; // deleted in the working tree but still tracked, or a folder (a submodule)
  }
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return bytes.toString('utf8');
}

function main() {
  let count = 0;
  for (const name of listFiles()) {
    const text = readText(name);
    if (text === null) continue;
    for (const hit of citationsIn(text)) {
      count += 1;
      console.log(`${name}:${hit.line}: ${hit.name}: ${hit.text.slice(0, 160)}`);
    }
  }
  if (count > 0) {
    console.error(
      `\n${count} citation(s) of documents outside the repository. State the rule itself, or point into docs/ (docs/README.md).`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
