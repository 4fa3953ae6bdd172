import { Container, Paper, Text, Title, Typography } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { useBrowserValue } from '@/shared/hooks/use-browser-value';
import { formatLongDate } from '@/shared/lib/format-date';
import { pageTitle, PageMeta } from '@/shared/ui/PageMeta';
import classes from './LegalPage.module.css';

interface LegalPageProps {
  title: string;
  description: string;
  children: ReactNode;
}

/** The frame of the three legal pages: one h1, the date of the day as 'Last updated', then the sections. */
const today = () => formatLongDate(new Date());

export function LegalPage({ title, description, children }: LegalPageProps) {
  // The reader's day, not the build's: the line is in the prerendered page, the date joins it once hydrated.
  const date = useBrowserValue(today);
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }}>
      <PageMeta title={pageTitle(title)} description={description} />
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt={6} mb="lg">
        Last updated: {date}
      </Text>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <Typography className={classes.content}>{children}</Typography>
      </Paper>
    </Container>
  );
}

interface LegalSectionProps {
  title: string;
  children: ReactNode;
}

/** One numbered section of a legal page, headed by an h2. */
export function LegalSection({ title, children }: LegalSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
