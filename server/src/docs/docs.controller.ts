import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../common/decorators';
import { ApiDoc } from './api-doc';
import { DocsService } from './docs.service';

/** The OpenAPI document: readable by anyone, as the routes it describes are no secret. */
@Controller('docs')
export class DocsController {
  constructor(private readonly docs: DocsService) {}

  @Public()
  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiDoc({ summary: 'This documentation as a page.', response: { mediaType: 'text/html', description: 'The page.' } })
  page(): string {
    return this.docs.html();
  }

  @Public()
  @Get('openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiDoc({ summary: 'The OpenAPI 3.1 document.', response: { mediaType: 'application/json', description: 'The document.' } })
  openApi(): string {
    return this.docs.openApiJson();
  }
}
