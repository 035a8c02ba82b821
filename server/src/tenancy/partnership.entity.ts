import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { Organization } from './organization.entity';
import { Tenant } from './tenant.entity';

/** Links one school to one bus company inside a tenant. */
@Entity({ name: 'partnerships' })
@Index(['schoolOrgId', 'busCompanyOrgId'], { unique: true })
export class Partnership {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'tenant_id', type: 'int' })
  tenantId: number;

  @ManyToOne(() => Tenant, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'tenant_id' })
  tenant?: Tenant;

  @Index()
  @Column({ name: 'school_org_id', type: 'int' })
  schoolOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'school_org_id' })
  schoolOrg?: Organization;

  @Index()
  @Column({ name: 'bus_company_org_id', type: 'int' })
  busCompanyOrgId: number;

  @ManyToOne(() => Organization, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bus_company_org_id' })
  busCompany?: Organization;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
