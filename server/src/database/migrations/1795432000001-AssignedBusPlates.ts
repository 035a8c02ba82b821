import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data only: assigning a fleet bus now copies its number plate onto the trip's assignment (`busPlate`), so the school
 * can tell which bus is theirs. Assignments made before get the plate their bus has now; the trips' versions stay.
 */
export class AssignedBusPlates1795432000001 implements MigrationInterface {
  name = 'AssignedBusPlates1795432000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "trips" "t" SET "buses" = (
         SELECT jsonb_agg(CASE WHEN "fb"."plate" IS NOT NULL THEN "e"."item" || jsonb_build_object('busPlate', "fb"."plate") ELSE "e"."item" END
                          ORDER BY "e"."n")
           FROM jsonb_array_elements("t"."buses") WITH ORDINALITY AS "e"("item", "n")
           LEFT JOIN "fleet_buses" "fb" ON "fb"."id" = CASE WHEN jsonb_typeof("e"."item"->'busId') = 'number' THEN ("e"."item"->>'busId')::int END)
       WHERE jsonb_typeof("t"."buses") = 'array' AND EXISTS (
         SELECT 1 FROM jsonb_array_elements("t"."buses") "b"("item") WHERE jsonb_typeof("b"."item"->'busId') = 'number')`,
    );
  }

  public async down(): Promise<void> {
    // The plates copied are harmless where nothing reads them: nothing to undo.
  }
}
