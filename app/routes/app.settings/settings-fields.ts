import type { FieldErrors } from "~/lib/validation";
import type { SettingsFormState } from "./settings-form";

/** What a Settings card with fields gets: the form's values, the way to change one, and a refused save's errors. */
export interface SettingsFieldsProps {
  form: SettingsFormState;
  onField: <K extends keyof SettingsFormState>(key: K, value: SettingsFormState[K]) => void;
  errors: FieldErrors;
}
