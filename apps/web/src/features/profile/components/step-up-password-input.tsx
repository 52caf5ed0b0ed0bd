import { PasswordInput, type PasswordInputProps } from '@mantine/core';

/**
 * The password that confirms an e-mail change. Its own module, loaded when the address is edited
 * (EmailBlock): the salary form's first view has no use for PasswordInput (2 KB gzip).
 */
export default function StepUpPasswordInput(props: PasswordInputProps) {
  return <PasswordInput autoComplete="current-password" {...props} />;
}
