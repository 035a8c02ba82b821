import { citationsIn } from './check-citations.mjs';

const flagged = (line: string) => citationsIn(line).length > 0;

// The citations the check must catch are put together from parts, so that this file does not itself hold a line that
// cites an outside document or an issue: the section sign, the outside documents' names, the word for an issue.
const SECTION = '\u00a7';
const [DESIGN_DOC, STYLE_DOC, SPEC_FILE, GUIDE_FILE] = ['DES' + 'IGN', 'STY' + 'LE', 'console-' + 'spec', 'DEVELOPERS' + '.md'];
const ISSUE = 'iss' + 'ue';

/** `npm run lint`'s check that comments and documents cite nothing outside the repository. */
describe('scripts/check-citations.mjs', () => {
  it.each([
    [`// spec ${SECTION}4: decline returns to the status held before`],
    [`/** The trip rules of ${DESIGN_DOC} ${SECTION}3 and ${SECTION}4. */`],
    [`(see the spec ${'sec' + 'tion'} 7 calls)`],
    [`// Wire names follow ${STYLE_DOC} "Names".`],
    [`Room names (${STYLE_DOC}.md "Live events").`],
    [`the ${SPEC_FILE} says so`],
    [`// ${ISSUE} 15 item 5: an accepted trip still without a bus`],
    [`/** I${ISSUE.slice(1)} 16 "a soft claim" */`],
    [`fixed in ${ISSUE} #3`],
    [`read ${GUIDE_FILE} first`],
  ])('flags %s', (line) => {
    expect(flagged(line)).toBe(true);
  });

  it.each([
    ['import { x } from "./trip-rules.spec";'],
    ['the unit specs beside the code'],
    ['node-redis has been reported not to resubscribe (https://github.com/socketio/socket.io/issues/4845)'],
    ['node-redis has been reported not to resubscribe (socket.io#4845)'],
    ['const STYLE = `body { margin: 0 }`;'],
    ['<style>${STYLE}</style>'],
    ['see docs/architecture.md, "A change, from request to every console"'],
    ['we issue tokens with a random id'],
  ])('lets %s through', (line) => {
    expect(flagged(line)).toBe(false);
  });

  it('names the line of each hit', () => {
    expect(citationsIn(`one\n// ${DESIGN_DOC} ${SECTION}9\nthree`).map((hit) => hit.line)).toEqual([2]);
  });
});
