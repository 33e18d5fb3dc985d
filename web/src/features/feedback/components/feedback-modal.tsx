import { Button, Group, Modal, Stack, TextInput, Textarea, Alert } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { ZFeedbackRequestSchema } from '@app/domain/schemas/feedback';
import { ApiError } from '../../../lib/api-client';
import { useSubmitFeedback } from '../api/submit-feedback';
import { notifySuccess } from '../../../lib/notify';

type TFeedbackForm = { name: string; email: string; feedback: string };

/** "Send Feedback" (spec 1 §2): non-ok "Failed to submit feedback"; network or other "Error submitting feedback". */
export function FeedbackModal({
  opened,
  onClose,
  userId,
}: {
  opened: boolean;
  onClose: () => void;
  userId: number | null;
}) {
  const submit = useSubmitFeedback();
  const form = useForm<TFeedbackForm>({
    mode: 'controlled',
    initialValues: { name: '', email: '', feedback: '' },
    validate: zod4Resolver(ZFeedbackRequestSchema.omit({ user_id: true })),
  });

  const onSubmit = form.onSubmit((values) => {
    submit.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        feedback: values.feedback.trim(),
        user_id: userId,
      },
      {
        onSuccess: () => {
          notifySuccess('Thank you for your feedback!');
          form.reset();
          submit.reset();
          onClose();
        },
      },
    );
  });

  const failure =
    submit.error instanceof ApiError && submit.error.status > 0
      ? 'Failed to submit feedback'
      : 'Error submitting feedback';

  return (
    <Modal opened={opened} onClose={onClose} title="Send Feedback" centered>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          {submit.isError && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput label="Your Name" required {...form.getInputProps('name')} />
          <TextInput label="Your Email" type="email" required {...form.getInputProps('email')} />
          <Textarea label="Your Feedback" rows={4} required {...form.getInputProps('feedback')} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose} type="button">
              Cancel
            </Button>
            <Button type="submit" color="green" disabled={submit.isPending}>
              {submit.isPending ? 'Submitting...' : 'Submit Feedback'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
