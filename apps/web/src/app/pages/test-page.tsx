import { Container, Title } from '@mantine/core';

/** /test: a page that never needs a session and never redirects (spec: routes). */
export function TestPage() {
  return (
    <Container py="xl">
      <title>Test page · Atrium</title>
      <Title order={1}>Test page</Title>
    </Container>
  );
}
