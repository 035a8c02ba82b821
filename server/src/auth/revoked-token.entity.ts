import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A signed-out token's id, kept until the token would have expired anyway. */
@Entity({ name: 'revoked_tokens' })
export class RevokedToken {
  @PrimaryColumn({ type: 'uuid' })
  jti: string;

  @Index()
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;
}
