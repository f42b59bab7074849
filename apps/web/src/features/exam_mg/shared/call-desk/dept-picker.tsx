import { Select } from 'antd';
import { useMyDepts } from '../dept-worklist/api/get-my-depts';

/** The doctor's departments (my_depts); the first is chosen until the user picks another. */
export function useChosenDept(picked: number | null) {
  const depts = useMyDepts();
  return { depts, deptId: picked ?? depts.data?.[0]?.exam_dept_id ?? null };
}

export function DeptPicker({
  depts,
  value,
  onChange,
}: {
  depts: ReturnType<typeof useMyDepts>;
  value: number | null;
  onChange: (deptId: number) => void;
}) {
  return (
    <Select
      aria-label="科室"
      style={{ width: 180 }}
      loading={depts.isPending}
      value={value ?? undefined}
      placeholder="选择科室"
      options={(depts.data ?? []).map((d) => ({ value: d.exam_dept_id, label: d.dept_name }))}
      onChange={onChange}
    />
  );
}
