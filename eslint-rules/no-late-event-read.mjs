/**
 * Reads of an event's `target` / `currentTarget` must happen while the handler runs. React sets `currentTarget`
 * back to null once the handler returns, so a read inside a state updater (`setForm((f) => ({ ...f, code:
 * e.currentTarget.value }))`), a timer or promise callback, or after an `await` finds null and throws: in a state
 * updater that is a render error, which blanks the screen. Read the value into a constant first.
 *
 * The rule looks at every function whose first parameter is named like an event (`e`, `ev`, `evt`, `event`) and
 * reports a `.target` / `.currentTarget` read of that parameter made inside a nested function or after an `await`
 * in the handler itself.
 */
const EVENT_NAMES = new Set(['e', 'ev', 'evt', 'event']);
const LATE_PROPERTIES = new Set(['target', 'currentTarget']);

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: "Read an event's target/currentTarget before a state updater, callback or await, not inside it" },
    messages: {
      nested:
        "'{{name}}.{{property}}' is read inside a function that runs after the event handler returns (React has cleared it by then). Read it into a constant in the handler first.",
      afterAwait:
        "'{{name}}.{{property}}' is read after an await (React has cleared it by then). Read it into a constant before the first await.",
    },
    schema: [],
  },
  create(context) {
    const source = context.sourceCode;
    /** The awaits of each function, by the function node (nested functions keep their own). */
    const awaits = new Map();
    const functionStack = [];

    const enter = (node) => {
      functionStack.push(node);
      awaits.set(node, []);
    };
    const exit = (node) => {
      functionStack.pop();
      const first = node.params[0];
      if (!first || first.type !== 'Identifier' || !EVENT_NAMES.has(first.name)) return;
      const [variable] = source.getDeclaredVariables(node).filter((v) => v.name === first.name);
      if (!variable) return;
      const ownAwaits = awaits.get(node) ?? [];
      for (const reference of variable.references) {
        const member = reference.identifier.parent;
        if (member?.type !== 'MemberExpression' || member.object !== reference.identifier || member.computed) continue;
        const property = member.property.name;
        if (!LATE_PROPERTIES.has(property)) continue;
        const data = { name: first.name, property };
        if (enclosingFunction(reference.from.block) !== node) {
          context.report({ node: member, messageId: 'nested', data });
        } else if (ownAwaits.some((a) => a.range[1] <= member.range[0])) {
          context.report({ node: member, messageId: 'afterAwait', data });
        }
      }
    };
    return {
      ArrowFunctionExpression: enter,
      FunctionExpression: enter,
      FunctionDeclaration: enter,
      'ArrowFunctionExpression:exit': exit,
      'FunctionExpression:exit': exit,
      'FunctionDeclaration:exit': exit,
      AwaitExpression(node) {
        const current = functionStack[functionStack.length - 1];
        if (current) awaits.get(current).push(node);
      },
    };
  },
};

/** The function a scope belongs to (a block scope inside a function belongs to that function). */
function enclosingFunction(block) {
  let node = block;
  while (node && !['ArrowFunctionExpression', 'FunctionExpression', 'FunctionDeclaration'].includes(node.type)) node = node.parent;
  return node;
}
