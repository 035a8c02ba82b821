import { type ApprovalDecision, type ApprovalDto, ApprovalMessages, MAX_APPROVAL_COMMENT_LENGTH } from '@contracts/approvals';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { IconCheck, IconMessage2Exclamation, IconX } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ApiError, errorText, serverMessage } from '../../api/http';
import { Modal } from '../../components/error-boundaries';
import { toast } from '../../shared/toast';
import { afterDecision, approvalChanged, approvalsApi } from './approvals.api';
import { DECISION_LABELS, stepText } from './approval-view';

type Reasoned = Exclude<ApprovalDecision, 'approve'>;

function decidedText(approval: ApprovalDto, destination: string): string {
  if (approval.state === 'waiting') return `${destination} approved. It now waits for step ${stepText(approval)}.`;
  if (approval.state === 'changesRequested') return `Changes requested for ${destination}.`;
  if (approval.state === 'denied') return `${destination} denied.`;
  return `${destination} approved.`;
}

/** The comment a request for changes or a denial needs: what to change, or why not. */
function CommentForm({
  decision,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  decision: Reasoned;
  busy: boolean;
  error: string | null;
  onSubmit: (comment: string) => void;
  onCancel: () => void;
}) {
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = comment.trim();
        setMissing(!text);
        if (text) onSubmit(text);
      }}
    >
      <Stack gap="sm">
        <Textarea
          label="Comment"
          required
          autosize
          minRows={3}
          maxRows={8}
          maxLength={MAX_APPROVAL_COMMENT_LENGTH}
          value={comment}
          onChange={(event) => {
            setComment(event.currentTarget.value);
            setMissing(false);
          }}
          error={missing ? ApprovalMessages.commentRequired : (error ?? undefined)}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" color={decision === 'deny' ? 'red' : 'orange'} loading={busy}>
            {DECISION_LABELS[decision]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Approve, Request changes and Deny for one waiting approval (shown only to whom `canDecide` allows). Request changes and
 * Deny ask for the comment first. A refusal (someone decided first, or the user is no longer an approver) says why and
 * reads the approval again.
 */
export function ApprovalDecisions({
  tripId,
  destination,
  stackId,
}: {
  tripId: number;
  destination: string;
  /** Set when the comment dialog opens over a modal of a Modal.Stack (the trip's details). */
  stackId?: string;
}) {
  const [asking, setAsking] = useState<Reasoned | null>(null);
  const [busy, setBusy] = useState<ApprovalDecision | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  // the dialog keeps its title while it fades out
  const lastAsked = useRef<Reasoned>('requestChanges');
  if (asking) lastAsked.current = asking;
  const shown = lastAsked.current;
  const closeComment = () => {
    setAsking(null);
    setRefusal(null);
  };

  const decide = async (decision: ApprovalDecision, comment?: string) => {
    setBusy(decision);
    setRefusal(null);
    try {
      const approval = await approvalsApi.decide(tripId, comment === undefined ? { decision } : { decision, comment });
      setAsking(null);
      toast.success(decidedText(approval, destination));
      await afterDecision(approval);
    } catch (e) {
      const reason = serverMessage(e);
      // a comment the server refuses stays in the dialog to be put right; anything else closes it
      if (asking && e instanceof ApiError && e.status === 400 && reason) {
        setRefusal(reason);
        return;
      }
      setAsking(null);
      console.error(`Trip ${tripId}: ${decision} failed`, errorText(e));
      toast.error(reason ?? errorText(e), { title: `Could not ${DECISION_LABELS[decision].toLowerCase()} this request.` });
      approvalChanged(tripId);
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Group gap={6} wrap="wrap" role="group" aria-label={`Decide on ${destination}`}>
        <Button
          size="compact-sm"
          color="teal"
          leftSection={<IconCheck size={14} />}
          loading={busy === 'approve'}
          disabled={busy !== null && busy !== 'approve'}
          onClick={() => void decide('approve')}
        >
          {DECISION_LABELS.approve}
        </Button>
        <Button
          size="compact-sm"
          color="orange"
          variant="light"
          leftSection={<IconMessage2Exclamation size={14} />}
          disabled={busy !== null}
          onClick={() => setAsking('requestChanges')}
        >
          {DECISION_LABELS.requestChanges}
        </Button>
        <Button
          size="compact-sm"
          color="red"
          variant="light"
          leftSection={<IconX size={14} />}
          disabled={busy !== null}
          onClick={() => setAsking('deny')}
        >
          {DECISION_LABELS.deny}
        </Button>
      </Group>
      <Modal
        opened={asking !== null}
        onClose={closeComment}
        title={DECISION_LABELS[shown]}
        stackId={stackId}
        centered
        size="md"
        styles={{ title: { fontWeight: 700 } }}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {/* unmounted once closed, so the next opening starts with an empty comment */}
        {asking ? (
          <CommentForm
            decision={asking}
            busy={busy !== null}
            error={refusal}
            onSubmit={(comment) => void decide(asking, comment)}
            onCancel={closeComment}
          />
        ) : null}
      </Modal>
    </>
  );
}
