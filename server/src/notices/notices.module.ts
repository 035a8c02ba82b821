import { Module } from '@nestjs/common';
import { Mailer } from './mailer';
import { OutboxDrainer } from './outbox-drainer.service';
import { TripNotices } from './trip-notices';

/**
 * E-mail for people away from the console (docs/domain.md, "Notifications"): the outbox written in each change's
 * transaction, the notices it holds, and the drainer that sends them. See README.md in this folder.
 */
@Module({ providers: [Mailer, OutboxDrainer, TripNotices], exports: [OutboxDrainer] })
export class NoticesModule {}
