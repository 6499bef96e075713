import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  Id,
  IsoDate,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TaskInput,
  TaskStatus,
  type Task,
} from '@lintel/contracts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormDateField } from '../../../components/FormFields.tsx';
import { FormTextField } from '../../../components/FormTextField.tsx';
import { optionItems } from '../../../components/option-items.tsx';
import { useVersionedSave } from '../../../components/use-versioned-save.ts';
import { useAuth } from '../../../session/index.ts';
import { fetchTask, useCreateTask, useTaskAssignees, useUpdateTask } from '../api.ts';
import { TASK_PRIORITY_LABELS, TASK_STATUS_LABELS } from '../task-labels.ts';

// The contract's input, with empty text fields standing for "none" as the form holds them.
const TaskFormSchema = TaskInput.extend({
  dueDate: IsoDate.or(z.literal('')),
  assigneeId: Id.or(z.literal('')),
  status: TaskStatus,
});
type TaskFormValues = z.input<typeof TaskFormSchema>;
type TaskFormOutput = z.output<typeof TaskFormSchema>;

const formValuesOf = (task: Task | null, userId: string | undefined): TaskFormValues => ({
  title: task?.title ?? '',
  description: task?.description ?? '',
  dueDate: task?.dueDate ?? '',
  priority: task?.priority ?? 'medium',
  assigneeId: task ? (task.assigneeId ?? '') : (userId ?? ''),
  status: task?.status ?? 'todo',
});

export interface TaskFormDialogProps {
  open: boolean;
  /** The task to edit; null adds a new one. */
  task: Task | null;
  onClose: () => void;
  onExited?: () => void;
}

/** Add or edit a task: title, description, due date, priority, assignee and (when editing) status. */
export function TaskFormDialog({ open, task, onClose, onExited }: TaskFormDialogProps) {
  const { user } = useAuth();
  const assignees = useTaskAssignees(open);
  const create = useCreateTask();
  const update = useUpdateTask();
  const {
    control,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<TaskFormValues, unknown, TaskFormOutput>({
    resolver: zodResolver(TaskFormSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(task, user?._id),
  });
  const versioned = useVersionedSave({
    record: task,
    noun: 'task',
    fetchRecord: fetchTask,
    onReloaded: (fresh) => reset(formValuesOf(fresh, user?._id)),
  });

  const handleSave = (values: TaskFormOutput) =>
    versioned.save(async () => {
      const body = {
        title: values.title,
        description: values.description ?? null,
        dueDate: values.dueDate || null,
        priority: values.priority,
        assigneeId: values.assigneeId || null,
      };
      if (task) {
        await update.mutateAsync({
          id: task._id,
          body: { ...body, status: values.status, __v: versioned.version },
        });
      } else {
        await create.mutateAsync(body);
      }
      onClose();
    });

  const full = { gridColumn: '1 / -1' };
  return (
    <FormDialog
      open={open}
      title={task ? 'Edit task' : 'Add task'}
      onClose={onClose}
      onExited={onExited}
      onSubmit={(event) => void handleSubmit(handleSave)(event)}
      isSubmitting={isSubmitting}
      busy={isSubmitting || versioned.reloading}
      {...versioned.formDialogProps}
    >
      <FormTextField control={control} name="title" label="Title" required autoFocus sx={full} />
      <FormTextField
        control={control}
        name="description"
        label="Description"
        multiline
        minRows={3}
        sx={full}
      />
      <FormDateField control={control} name="dueDate" label="Due date" />
      <FormTextField control={control} name="priority" label="Priority" select>
        {optionItems(TASK_PRIORITIES, TASK_PRIORITY_LABELS)}
      </FormTextField>
      <Controller
        control={control}
        name="assigneeId"
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Assignee"
            name={field.name}
            value={assignees.data ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            fullWidth
            error={Boolean(fieldState.error)}
            helperText={
              fieldState.error?.message ?? (assignees.isError ? 'Staff could not be loaded.' : undefined)
            }
          >
            <MenuItem value="">Unassigned</MenuItem>
            {(assignees.data ?? []).map((member) => (
              <MenuItem key={member._id} value={member._id}>
                {member._id === user?._id ? `${member.name} (me)` : member.name}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      {task && (
        <FormTextField control={control} name="status" label="Status" select>
          {optionItems(TASK_STATUSES, TASK_STATUS_LABELS)}
        </FormTextField>
      )}
    </FormDialog>
  );
}
