import { Button, Loader, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { useRef } from 'react';
import * as v from 'valibot';
import { notify } from '@/shared/ui/notify';
import { buildFeedbackMailto } from '../feedback-mail';
import { EMPTY_FEEDBACK, feedbackSchema, RATING_OPTIONS } from '../feedback-schema';
import { openMailClient } from '../open-mail-client';
import { SUPPORT_EMAIL } from '../support-address';

const validateFeedback = schemaResolver(feedbackSchema, { sync: true });

interface FeedbackFormProps {
  /** Called once the mail client has been handed the feedback. */
  onPrepared: () => void;
  /** Put the cursor in the name field (when coming back from the thank-you screen). */
  autoFocus?: boolean;
}

export function FeedbackForm({ onPrepared, autoFocus = false }: FeedbackFormProps) {
  // Validated on submit first; from then on every change re-validates, so errors clear as they are fixed.
  const submitAttempted = useRef(false);
  const form = useForm({
    initialValues: EMPTY_FEEDBACK,
    validate: validateFeedback,
    clearInputErrorOnChange: false,
    onValuesChange: () => {
      if (submitAttempted.current) form.validate();
    },
  });

  const prepareFeedback = async (values: typeof EMPTY_FEEDBACK) => {
    try {
      const feedback = v.parse(feedbackSchema, values);
      openMailClient(buildFeedbackMailto(SUPPORT_EMAIL, feedback, new Date()));
      notify('success', 'Feedback prepared!', 'Your email client should open with the feedback ready to send.');
      onPrepared();
    } catch {
      notify('error', 'Error', 'There was an issue preparing your feedback. Please try again.');
    }
  };

  const submit = form.onSubmit(prepareFeedback);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        submitAttempted.current = true;
        submit(event);
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Name"
            placeholder="Your name"
            withAsterisk
            autoComplete="name"
            autoFocus={autoFocus}
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Email (optional)"
            placeholder="you@example.com"
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
        </SimpleGrid>
        <Select
          label="Rating (optional)"
          placeholder="How would you rate the converter?"
          data={RATING_OPTIONS}
          clearable
          {...form.getInputProps('rating')}
          value={form.values.rating || null}
          onChange={(value) => form.setFieldValue('rating', value ?? '')}
        />
        <TextInput
          label="Subject"
          placeholder="What is your feedback about?"
          withAsterisk
          {...form.getInputProps('subject')}
        />
        <Textarea
          label="Message"
          placeholder="Tell us what you think, what went wrong or what you would like to see"
          withAsterisk
          rows={6}
          {...form.getInputProps('message')}
        />
        <Button
          type="submit"
          size="md"
          disabled={form.submitting}
          leftSection={form.submitting ? <Loader size={16} /> : <IconSend size={18} stroke={1.75} />}
          style={{ alignSelf: 'flex-start' }}
        >
          {form.submitting ? 'Preparing Feedback...' : 'Send Feedback'}
        </Button>
      </Stack>
    </form>
  );
}
