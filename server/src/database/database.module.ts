import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { dataSourceOptions } from './data-source';
import { DatabaseBootstrap } from './database-bootstrap';
import { ENTITIES } from './entities';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: config.databaseSchema }),
        retryAttempts: 3,
        retryDelay: 1000,
      }),
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  providers: [DatabaseBootstrap],
  exports: [TypeOrmModule, DatabaseBootstrap],
})
export class DatabaseModule {}
