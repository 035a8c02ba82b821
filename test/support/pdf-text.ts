import type { Stream } from 'node:stream';

/**
 * The text a PDF shows, line by line, for the console's PDFs (invoices, statements): pdfkit writes each line as
 * `[<hex> kern <hex> …] TJ`, and the server leaves the content uncompressed so tests can read it back.
 */
export function pdfLines(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\[((?:<[0-9a-f]+>\s*-?\d*\s*)+)\] TJ/g)].map(([, parts]) =>
    [...parts.matchAll(/<([0-9a-f]+)>/g)].map(([, hex]) => Buffer.from(hex, 'hex').toString('latin1')).join(''),
  );
}

/** A supertest body parser that keeps the answer's bytes (a PDF) as one Buffer: `.buffer(true).parse(bytes)`. */
export function bytes(res: Stream, done: (err: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
