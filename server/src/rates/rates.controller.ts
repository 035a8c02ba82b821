import { Body, Controller, Get, Header, HttpCode, Put, Query } from '@nestjs/common';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { ZodPipe } from '../common/zod.pipe';
import type { RateCardDto } from '../contracts/rates';
import { ApiDoc } from '../docs/api-doc';
import { rateCardSchema as rateCardDoc } from '../docs/rates.schemas';
import { type RateCardInput, rateCardSchema, type RateQuery, rateQuery } from './rates.schemas';
import { RatesService } from './rates.service';

const rights = {
  400: 'An admin did not name the company (`companyId`).',
  403: "Not this company's dispatcher.",
  404: 'No such bus company in the tenant, or another company than the dispatcher’s own.',
} as const;

/** A bus company's rate card: who may keep its fleet may keep its prices (docs/domain.md, "Rate cards"). */
@Controller('rates')
@Roles('bus_company', 'admin')
export class RatesController {
  constructor(private readonly rates: RatesService) {}

  /**
   * Answers the JSON text itself: Nest sends an empty body for a null result, and a company without a card yet is an
   * ordinary state the screen shows, not an error, so it gets a 200 whose body is `null`.
   */
  @Get()
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiDoc({
    summary: "The company's current rate card (its newest version), or `null` while it has none.",
    response: rateCardDoc.nullable(),
    errors: rights,
  })
  async current(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(rateQuery)) query: RateQuery): Promise<string> {
    return JSON.stringify(await this.rates.current(caller, query));
  }

  @Get('versions')
  @ApiDoc({ summary: "Every version of the company's rate card, newest first.", response: z.array(rateCardDoc), errors: rights })
  versions(@CurrentUser() caller: AuthUser, @Query(new ZodPipe(rateQuery)) query: RateQuery): Promise<RateCardDto[]> {
    return this.rates.versions(caller, query);
  }

  @Put()
  @HttpCode(201)
  @ApiDoc({
    summary: "Replace the company's rate card: the whole card becomes its next version (earlier versions stay as they were).",
    response: rateCardDoc,
    errors: rights,
  })
  replace(@CurrentUser() caller: AuthUser, @Body(new ZodPipe(rateCardSchema)) body: RateCardInput): Promise<RateCardDto> {
    return this.rates.replace(caller, body);
  }
}
