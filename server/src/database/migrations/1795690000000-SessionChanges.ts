import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A write that changes what the sign-in check reads (auth/sessions.service.ts: a user's name, e-mail, role, status,
 * tenant, organization, fleet driver or session generation; whether a driver's fleet driver is in service; a token
 * signed out) tells the session that made it, in the statement itself, with a NOTICE `session change` whose detail
 * names what changed: `u<user id>` or `t<token id>`, comma-separated. The unit of work (database/unit-of-work.ts)
 * collects them and, once its transaction has committed and before the change answers, has every replica drop those
 * sessions from its cache (auth/session-cache.ts). A notice costs no round trip: it travels in the reply to the
 * statement that raised it. Every write to these tables raises it, whoever makes it, so no path can forget it.
 */
export class SessionChanges1795690000000 implements MigrationInterface {
  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION session_change_notice() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      DECLARE
        changed text;
      BEGIN
        IF TG_TABLE_NAME = 'users' THEN
          changed := 'u' || OLD.id;
        ELSIF TG_TABLE_NAME = 'fleet_drivers' THEN
          SELECT string_agg('u' || id, ',') INTO changed FROM users WHERE fleet_driver_id = OLD.id;
        ELSE
          changed := 't' || NEW.jti;
        END IF;
        IF changed IS NOT NULL THEN
          RAISE NOTICE 'session change' USING DETAIL = changed;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER users_session_change AFTER UPDATE ON users FOR EACH ROW
      WHEN ((OLD.name, OLD.email, OLD.role, OLD.status, OLD.tenant_id, OLD.active_org_id, OLD.fleet_driver_id,
             OLD.session_generation, OLD.session_kept_jti)
            IS DISTINCT FROM (NEW.name, NEW.email, NEW.role, NEW.status, NEW.tenant_id, NEW.active_org_id, NEW.fleet_driver_id,
             NEW.session_generation, NEW.session_kept_jti))
      EXECUTE FUNCTION session_change_notice()`);
    await queryRunner.query(`CREATE TRIGGER users_session_end AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_change_notice()`);
    await queryRunner.query(`CREATE TRIGGER fleet_drivers_session_change AFTER UPDATE ON fleet_drivers FOR EACH ROW
      WHEN (OLD.active IS DISTINCT FROM NEW.active) EXECUTE FUNCTION session_change_notice()`);
    await queryRunner.query(
      `CREATE TRIGGER fleet_drivers_session_end AFTER DELETE ON fleet_drivers FOR EACH ROW EXECUTE FUNCTION session_change_notice()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER revoked_tokens_session_change AFTER INSERT OR UPDATE ON revoked_tokens FOR EACH ROW EXECUTE FUNCTION session_change_notice()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER revoked_tokens_session_change ON revoked_tokens`);
    await queryRunner.query(`DROP TRIGGER fleet_drivers_session_end ON fleet_drivers`);
    await queryRunner.query(`DROP TRIGGER fleet_drivers_session_change ON fleet_drivers`);
    await queryRunner.query(`DROP TRIGGER users_session_end ON users`);
    await queryRunner.query(`DROP TRIGGER users_session_change ON users`);
    await queryRunner.query(`DROP FUNCTION session_change_notice()`);
  }
}
