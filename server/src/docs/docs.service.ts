import { Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { renderDocsPage } from './docs-page';
import { buildOpenApi, collectRoutes } from './openapi';

/** The API's own version, as the document states it (not the package's). */
export const API_VERSION = '1.0.0';

/** Builds the document once, on first request, from the routes Nest registered (every module is loaded by then). */
@Injectable()
export class DocsService {
  private document?: Record<string, unknown>;
  private json?: string;
  private page?: string;

  constructor(private readonly modules: ModulesContainer) {}

  openApi(): Record<string, unknown> {
    return (this.document ??= buildOpenApi(collectRoutes(this.modules), { version: API_VERSION }));
  }

  /** The document as sent: serialised once, as it never changes while the process runs. */
  openApiJson(): string {
    return (this.json ??= JSON.stringify(this.openApi()));
  }

  html(): string {
    return (this.page ??= renderDocsPage(this.openApi()));
  }
}
