import { Accordion, Stack, Text, Title } from '@mantine/core';
import { FAQ } from './faq-content';

/** One answer open at a time; clicking the open question closes it. */
export function FaqSection() {
  return (
    <Stack component="section" aria-labelledby="faq-title" gap="md" mt="xl">
      <Title order={2} id="faq-title" ta="center">
        Frequently Asked Questions
      </Title>
      <Accordion variant="separated" radius="lg">
        {FAQ.map(({ question, answer }, index) => (
          <Accordion.Item key={question} value={`faq-${index}`}>
            <Accordion.Control>
              <Text fw={500}>{question}</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text size="sm" c="dimmed">
                {answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
}
