import { BadRequestException, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { InputMessages, parseRouteId } from './input';

/** Validates a body or query with a zod schema; the first problem's message becomes the 400. */
export class ZodPipe<T extends z.ZodType> implements PipeTransform<unknown, z.infer<T>> {
  constructor(readonly schema: T) {}

  transform(value: unknown): z.infer<T> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    throw new BadRequestException({ message: issue?.message ?? 'Invalid request.', field: issue?.path.join('.') || undefined });
  }
}

/** A UUID in a route (a weekly series' id), lower-cased; anything else is a 400 before any lookup. */
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
      throw new BadRequestException(InputMessages.invalidId);
    }
    return value.toLowerCase();
  }
}

/** Parses a numeric route id; anything else is a 400 before any lookup. */
export class IdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = parseRouteId(value);
    if (id === null) throw new BadRequestException(InputMessages.invalidId);
    return id;
  }
}
