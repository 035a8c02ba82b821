import { Module } from '@nestjs/common';
import { EstimatesController } from './estimates.controller';
import { RatesController } from './rates.controller';
import { RatesService } from './rates.service';

/** Versioned rate cards per bus company (docs/domain.md, "Rate cards"). See README.md in this folder. */
@Module({
  controllers: [RatesController, EstimatesController],
  providers: [RatesService],
})
export class RatesModule {}
