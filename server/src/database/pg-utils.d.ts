// node-postgres maps a parameter to its wire value with this function (what its own Query binds with); the package's
// types do not declare the file. The connection's held writes are bound with it (preparing-client.ts).
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): unknown;
}
