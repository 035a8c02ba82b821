import { ApprovalMessages, type ApprovalPolicyDto, MAX_APPROVAL_DAYS, MAX_APPROVERS_PER_STEP } from '@contracts/approvals';
import type { ProfileDto } from '@contracts/wire';
import {
  Alert,
  Button,
  Fieldset,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorText } from '../../api/http';
import { setQueryData } from '../../api/query-cache';
import { formatDateTime } from '../../components/format';
import { LoadFailed } from '../../components/load-failed';
import { LoadingScreen } from '../../components/loading-screen';
import { toast } from '../../shared/toast';
import { TenantSchoolPicker } from '../admin/tenant-school-picker';
import { approvalKeys, approvalsApi, useApprovalPolicy, useSchoolStaff } from './approvals.api';
import { checkedPolicy, type PolicyForm, type PolicyStepCount, policyFormOf, STEP_CHOICES } from './policy-form';

/** The staff a step may name: the school's approved staff, plus any approver named before who is no longer listed. */
function approverChoices(policy: ApprovalPolicyDto, staff: readonly { id: number; name: string }[]) {
  const named = new Map<number, string>();
  for (const s of staff) named.set(s.id, s.name);
  for (const a of policy.approvers) if (!named.has(a.id)) named.set(a.id, a.name);
  return [...named].map(([id, name]) => ({ value: String(id), label: name })).sort((a, b) => a.label.localeCompare(b.label));
}

/**
 * The policy as one form: saving sends it whole with the version it started from. A stale version (someone saved in
 * the meantime) answers 409 with the current policy, which replaces the form, and the message says so.
 */
function PolicyEditor({
  policy,
  editable,
  onSaved,
  onStale,
}: {
  policy: ApprovalPolicyDto;
  editable: boolean;
  onSaved: (policy: ApprovalPolicyDto) => void;
  onStale: (message: string, policy: ApprovalPolicyDto) => void;
}) {
  const [form, setForm] = useState<PolicyForm>(() => policyFormOf(policy));
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const staff = useSchoolStaff(policy.schoolOrgId);
  const choices = approverChoices(policy, staff.data ?? []);
  const change = (patch: Partial<PolicyForm>) => setForm((f) => ({ ...f, ...patch }));
  const disabled = !editable || busy;

  const save = async () => {
    const checked = checkedPolicy(form, policy.version);
    setProblem(checked.problem);
    if (!checked.body) return;
    setBusy(true);
    try {
      const saved = await approvalsApi.savePolicy(policy.schoolOrgId, checked.body);
      toast.success('Approval policy saved.');
      onSaved(saved);
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as { policy?: ApprovalPolicyDto } | undefined) : undefined;
      if (error instanceof ApiError && error.status === 409 && body?.policy) onStale(errorText(error), body.policy);
      else setProblem(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const approversField = (which: 'firstApprovers' | 'secondApprovers') => (
    <MultiSelect
      label="Approvers"
      required
      searchable
      data={choices}
      value={form[which]}
      onChange={(value) => change({ [which]: value })}
      maxValues={MAX_APPROVERS_PER_STEP}
      placeholder={staff.loading ? 'Loading staff...' : 'Choose staff of this school'}
      nothingFoundMessage="No staff found"
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <form
      noValidate
      aria-label="Approval policy"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="md">
        {!editable ? (
          <Text size="sm" c="dimmed">
            {ApprovalMessages.forbidden}
          </Text>
        ) : null}
        <Radio.Group label="Approval steps" value={form.stepCount} onChange={(value) => change({ stepCount: value as PolicyStepCount })}>
          <Group gap="lg" mt={6}>
            {STEP_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} disabled={disabled} />
            ))}
          </Group>
        </Radio.Group>
        {form.stepCount !== '0' ? (
          <Fieldset legend="Step 1" disabled={disabled}>
            {approversField('firstApprovers')}
          </Fieldset>
        ) : null}
        {form.stepCount === '2' ? (
          <Fieldset legend="Step 2" disabled={disabled}>
            <Stack gap="sm">
              {approversField('secondApprovers')}
              <TextInput
                label="Only above (AED)"
                description="Only trips estimated above this amount go through this step (a trip without an estimate always does). Empty: every trip."
                inputMode="decimal"
                value={form.secondAbove}
                onChange={(event) => change({ secondAbove: event.currentTarget.value })}
                disabled={disabled}
              />
            </Stack>
          </Fieldset>
        ) : null}
        <Switch
          label="Budget code required"
          checked={form.budgetCodeRequired}
          onChange={(event) => change({ budgetCodeRequired: event.currentTarget.checked })}
          disabled={disabled}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label="Reminder after (days)"
            min={1}
            max={MAX_APPROVAL_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={form.reminderDays}
            onChange={(n) => change({ reminderDays: n === '' ? '' : Number(n) })}
            disabled={disabled}
          />
          <NumberInput
            label="Withdraw after (days)"
            min={1}
            max={MAX_APPROVAL_DAYS}
            allowDecimal={false}
            allowNegative={false}
            value={form.expiryDays}
            onChange={(n) => change({ expiryDays: n === '' ? '' : Number(n) })}
            disabled={disabled}
          />
        </SimpleGrid>
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            {policy.version > 0 && policy.updatedAt
              ? `Version ${policy.version}, saved ${formatDateTime(policy.updatedAt)}${policy.updatedBy ? ` by ${policy.updatedBy.name}` : ''}.`
              : 'No policy yet: requests go straight to the bus company.'}
          </Text>
          <Button type="submit" loading={busy} disabled={!editable}>
            Save policy
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One school's policy, loaded, with the message of a save refused because the policy changed meanwhile. */
function SchoolPolicy({ schoolId, profile }: { schoolId: number; profile: ProfileDto }) {
  const { data: policy, loading, error, refetch } = useApprovalPolicy(schoolId);
  const [stale, setStale] = useState<string | null>(null);
  if (loading) return <LoadingScreen text="Loading the approval policy..." minHeight="120px" />;
  if (error || !policy) return <LoadFailed title="Failed to load the approval policy" error={error} onRetry={refetch} />;
  // an admin, or one of the school's current approvers (the server refuses anyone else's save)
  const editable = profile.role === 'admin' || policy.steps.some((step) => step.approverIds.includes(profile.id));
  const store = (next: ApprovalPolicyDto) => setQueryData<ApprovalPolicyDto>(approvalKeys.policy(schoolId), next);
  return (
    <Stack gap="sm">
      {stale ? (
        <Alert color="orange" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setStale(null)}>
          {stale}
        </Alert>
      ) : null}
      {/* a new version (saved here or elsewhere) starts the form afresh from it */}
      <PolicyEditor
        key={`${schoolId}-${policy.version}`}
        policy={policy}
        editable={editable}
        onSaved={(saved) => {
          setStale(null);
          store(saved);
        }}
        onStale={(message, current) => {
          setStale(message);
          store(current);
        }}
      />
    </Stack>
  );
}

/**
 * The Approval policy below the Approvals list: an admin picks one of the tenant's schools (a platform admin the tenant
 * first); school staff see their own school's, which only its approvers may change.
 */
export function ApprovalPolicySection({ profile }: { profile: ProfileDto }) {
  const isAdmin = profile.role === 'admin';
  const [tenantId, setTenantId] = useState<number | null>(profile.tenant_id);
  const [chosen, setChosen] = useState<string | null>(null);
  const schoolId = isAdmin ? (chosen ? Number(chosen) : null) : profile.active_org_id;
  if (!isAdmin && schoolId === null) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="approval-policy-title" mt="xl">
      <Stack gap="md">
        <div>
          <Title order={3} id="approval-policy-title">
            Approval policy
          </Title>
          <Text size="sm" c="dimmed">
            {isAdmin
              ? 'Who at a school approves its trip requests before a bus company sees them.'
              : `Who at ${profile.active_org?.name ?? 'your school'} approves trip requests before a bus company sees them.`}
          </Text>
        </div>
        {isAdmin ? (
          <TenantSchoolPicker
            profile={profile}
            tenantId={tenantId}
            onTenantChange={setTenantId}
            schoolId={chosen}
            onSchoolChange={setChosen}
            required
          />
        ) : null}
        {schoolId !== null ? <SchoolPolicy key={schoolId} schoolId={schoolId} profile={profile} /> : null}
      </Stack>
    </Paper>
  );
}
