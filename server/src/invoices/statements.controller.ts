import { BadRequestException, Controller, Get, NotFoundException, Param, type PipeTransform, StreamableFile } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type { AuthUser } from '../common/auth-user';
import { CurrentUser, Roles } from '../common/decorators';
import { IdPipe } from '../common/zod.pipe';
import { InvoiceMessages, type SchoolBalanceDto, type StatementDto } from '../contracts/invoices';
import { slugify } from '../contracts/slug';
import { statementCsv } from '../contracts/statement-csv';
import { ApiDoc } from '../docs/api-doc';
import { schoolBalanceSchema, statementSchema } from '../docs/statements.schemas';
import { statementPdf } from './statement-pdf';
import { readBalances, readStatement, type StatementSchool, visibleSchool } from './statements.repository';

/** A statement's month, `YYYY-MM` (from year 1000: PostgreSQL dates and the file name stay ordinary); else 400. */
class MonthPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[1-9]\d{3}-(0[1-9]|1[0-2])$/.test(value)) throw new BadRequestException(InvoiceMessages.month);
    return value;
  }
}

const SCHOOL_NOT_FOUND = 'School not found.';

/**
 * Balances by age and monthly statements (docs/domain.md, "Invoices"), over the invoices the caller may see (the same
 * rule as GET /invoices). Full paths: `GET /invoices/balances` must be registered before InvoicesController's
 * `GET /invoices/:id`, which would take `balances` for an id (the module lists this controller first).
 */
@Controller()
@Roles('admin', 'finance', 'bus_company', 'school_staff')
export class StatementsController {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @Get('invoices/balances')
  @ApiDoc({
    summary: 'What each school still owes on unpaid invoices, by days past due; most owed first.',
    response: z.array(schoolBalanceSchema),
  })
  balances(@CurrentUser() caller: AuthUser): Promise<SchoolBalanceDto[]> {
    return readBalances(this.db.manager, caller);
  }

  @Get('statements/:schoolId/:month')
  @ApiDoc({
    summary: 'A school’s statement for a month: opening balance, invoices, credit notes and payments, closing balance.',
    response: statementSchema,
    errors: { 400: InvoiceMessages.month, 404: 'No such school for the caller.' },
  })
  async statement(
    @CurrentUser() caller: AuthUser,
    @Param('schoolId', IdPipe) schoolId: number,
    @Param('month', MonthPipe) month: string,
  ): Promise<StatementDto> {
    return (await this.read(caller, schoolId, month)).statement;
  }

  @Get('statements/:schoolId/:month/pdf')
  @ApiDoc({
    summary: 'The statement as a PDF.',
    response: { mediaType: 'application/pdf', description: 'The PDF file, as an attachment.' },
    errors: { 400: InvoiceMessages.month, 404: 'No such school for the caller.' },
  })
  async pdf(
    @CurrentUser() caller: AuthUser,
    @Param('schoolId', IdPipe) schoolId: number,
    @Param('month', MonthPipe) month: string,
  ): Promise<StreamableFile> {
    const { school, statement } = await this.read(caller, schoolId, month);
    return new StreamableFile(await statementPdf(statement), {
      type: 'application/pdf',
      disposition: `attachment; filename="${fileName(school, month)}.pdf"`,
    });
  }

  @Get('statements/:schoolId/:month/csv')
  @ApiDoc({
    summary: 'The statement as CSV: the opening balance, each entry, the closing balance.',
    response: { mediaType: 'text/csv', description: 'The CSV file, as an attachment.' },
    errors: { 400: InvoiceMessages.month, 404: 'No such school for the caller.' },
  })
  async csv(
    @CurrentUser() caller: AuthUser,
    @Param('schoolId', IdPipe) schoolId: number,
    @Param('month', MonthPipe) month: string,
  ): Promise<StreamableFile> {
    const { school, statement } = await this.read(caller, schoolId, month);
    // The BOM lets spreadsheet programs read UTF-8, as in the trips export.
    return new StreamableFile(Buffer.from(`\ufeff${statementCsv(statement)}`, 'utf8'), {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${fileName(school, month)}.csv"`,
    });
  }

  /** The school's statement for the month, if the caller may see the school; else 404. */
  private async read(caller: AuthUser, schoolId: number, month: string): Promise<{ school: StatementSchool; statement: StatementDto }> {
    const school = await visibleSchool(this.db.manager, caller, schoolId);
    if (!school) throw new NotFoundException(SCHOOL_NOT_FOUND);
    return { school, statement: await readStatement(this.db.manager, caller, school, month) };
  }
}

/** `statement-greenfield-2026-11`: the school's slug (made safe for a file name), else its id. */
const fileName = (school: StatementSchool, month: string) => `statement-${slugify(school.slug) || school.id}-${month}`;
