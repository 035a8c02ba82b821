import { citationsIn } from './check-citations.mjs';

const flagged = (line: string) => citationsIn(line).length > 0;

/** `npm run lint`'s check that comments and documents cite nothing outside the repository. */
describe('scripts/check-citations.mjs', () => {
  it.each([
    ['// spec §4: decline returns to the status held before'],
    ['/** The trip rules of DESIGN §3 and §4. */'],
    ['(see the spec section 7 calls)'],
    ['// Wire names follow STYLE "Names".'],
    ['Room names (STYLE.md "Live events").'],
    ['the console-spec says so'],
    ['// issue 15 item 5: an accepted trip still without a bus'],
    ['/** Issue 16 "a soft claim" */'],
    ['fixed in issue #3'],
    ['read DEVELOPERS.md first'],
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
    expect(citationsIn('one\n// DESIGN §9\nthree').map((hit) => hit.line)).toEqual([2]);
  });
});
