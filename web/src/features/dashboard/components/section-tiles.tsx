import { Paper, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { sectionPath, visibleSections } from '../../../lib/sections';
import { useAuth } from '../../../lib/use-auth';
import classes from '../dashboard.module.css';

/** A tile for every other menu section (spec 1 §2). */
export function SectionTiles() {
  const auth = useAuth();
  const tiles = visibleSections(auth).filter((section) => section.id !== 'dashboard');
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm">
      {tiles.map((tile) => (
        <UnstyledButton key={tile.id} component={Link} to={sectionPath(tile.id)}>
          <Paper withBorder radius="md" p="md" h="100%" className={classes.tile}>
            <ThemeIcon size={40} radius="md" variant="light" aria-hidden="true">
              <tile.icon size={22} />
            </ThemeIcon>
            {/* The link is named by its visible "Access …" line; the title repeats the section's name. */}
            <Text fw={600} mt="sm" aria-hidden="true">
              {tile.name}
            </Text>
            <Text size="sm" c="indigo.7">
              Access {tile.name}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
