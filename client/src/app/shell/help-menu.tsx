import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconBook, IconHelpCircle, IconLifebuoy, IconMail } from '@tabler/icons-react';
import { toast } from '../../shared/toast';

// Documentation, Support Site and Contact us are placeholders, not real links.
const ITEMS = [
  { label: 'Documentation', icon: IconBook },
  { label: 'Support Site', icon: IconLifebuoy },
  { label: 'Contact us', icon: IconMail },
];

export function HelpMenu() {
  return (
    <Menu width={200} position="bottom-end" shadow="md" transitionProps={{ duration: 200 }}>
      <Menu.Target>
        <Tooltip label="Help" openDelay={400}>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Help">
            <IconHelpCircle size={20} stroke={1.6} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Help</Menu.Label>
        {ITEMS.map(({ label, icon: Icon }) => (
          <Menu.Item key={label} leftSection={<Icon size={16} />} onClick={() => toast.info(`${label} is not available yet.`)}>
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
