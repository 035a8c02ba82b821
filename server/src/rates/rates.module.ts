import { Module } from '@nestjs/common';
import { DISTANCE_PROVIDER, ManualDistance } from './distance.provider';
import { EstimatesController } from './estimates.controller';
import { RatesController } from './rates.controller';
import { RatesService } from './rates.service';

/** Versioned rate cards per bus company (docs/domain.md, "Rate cards"). See README.md in this folder. */
@Module({
  controllers: [RatesController, EstimatesController],
  providers: [RatesService, { provide: DISTANCE_PROVIDER, useClass: ManualDistance }],
  exports: [DISTANCE_PROVIDER],
})
export class RatesModule {}
