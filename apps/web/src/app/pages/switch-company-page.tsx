import type { Company } from '@atrium/contracts';
import { Badge, Group, Loader, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Navigate, useNavigate } from 'react-router';
import { useSwitchCompany } from '../../features/auth/api';
import { errorMessageFor } from '../../lib/http';
import { CompanyLogo } from '../../ui/company-logo';
import { useCurrentSession } from '../session';
import classes from './switch-company-page.module.css';

/** /switchCompany: the user's companies; choosing one makes it the current company and goes home. */
export function SwitchCompanyPage() {
  const { user, company: current } = useCurrentSession();
  const navigate = useNavigate();
  const switchCompany = useSwitchCompany();

  // Spec: the switch exists only for a user of more than one company.
  if (user.companies.length < 2) return <Navigate to="/" replace />;

  const choose = (company: Company) => {
    if (company.id === current.id) {
      navigate('/');
      return;
    }
    switchCompany.mutate(
      { company: company.id },
      {
        onSuccess: () => navigate('/'),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: 'The company was not switched',
            message: errorMessageFor(error, 'company'),
          }),
      },
    );
  };

  return (
    <Stack gap="lg" maw={720}>
      <title>Switch company · Atrium</title>
      <Stack gap={4}>
        <Title order={1}>Switch company</Title>
        <Text c="dimmed">Choose the company to work in. The people, news and tasks you see follow it.</Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {user.companies.map((company) => (
          <CompanyCard
            key={company.id}
            company={company}
            current={company.id === current.id}
            switching={switchCompany.isPending && switchCompany.variables?.company === company.id}
            disabled={switchCompany.isPending}
            onChoose={() => choose(company)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

type CompanyCardProps = {
  company: Company;
  current: boolean;
  switching: boolean;
  disabled: boolean;
  onChoose: () => void;
};

function CompanyCard({ company, current, switching, disabled, onChoose }: CompanyCardProps) {
  return (
    <UnstyledButton
      className={classes.card}
      onClick={onChoose}
      disabled={disabled}
      aria-current={current || undefined}
      p="md"
    >
      <Group gap="sm" wrap="nowrap">
        <CompanyLogo company={company} size={40} radius="md" color="initials" />
        <Text fw={600} truncate flex={1}>
          {company.name}
        </Text>
        {switching && <Loader size="xs" aria-label="Switching" />}
        {current && (
          <Badge variant="light" size="sm">
            Current
          </Badge>
        )}
      </Group>
    </UnstyledButton>
  );
}
