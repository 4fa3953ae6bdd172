import { Grid, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { FeedbackForm } from './FeedbackForm';
import { ThankYou } from './ThankYou';
import { WantedFeedback } from './WantedFeedback';

/** The feedback flow: the form, then a thank-you screen whose button brings back a fresh form. */
export function FeedbackPanel() {
  const [prepared, setPrepared] = useState(false);
  const [sentCount, setSentCount] = useState(0);

  if (prepared) return <ThankYou onSendMore={() => setPrepared(false)} />;

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} size="h4" mb="md">
            Send us your feedback
          </Title>
          <FeedbackForm
            autoFocus={sentCount > 0}
            onPrepared={() => {
              setSentCount((count) => count + 1);
              setPrepared(true);
            }}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <WantedFeedback />
      </Grid.Col>
    </Grid>
  );
}
