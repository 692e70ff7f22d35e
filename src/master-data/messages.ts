/** Japanese UI texts of the master data browser (react-admin's resources.master_data.* and kaigi.master_data.*). */
export const messages = {
  resources: {
    master_data: {
      name: 'マスタデータ |||| マスタデータ',
      fields: {
        master_type_code: 'マスタ種別',
        master_code: 'コード',
        master_code__startswith: 'コード（前方一致）',
        name: '名称',
        sort_order: '表示順',
        updated_at: '更新日時',
      },
    },
  },
  kaigi: {
    master_data: {
      title: 'マスタデータ',
      helper: {
        master_code: 'コードが完全に一致するものを表示します',
        master_code__startswith: '入力した文字で始まるコードを表示します',
      },
      types: {
        cci_position_type: '役職種別',
        CCI_CONFERENCE_TEMPLATE: '会議テンプレート',
      },
      // spec §3 position types; the chamber's own names come from master data cci_position_type
      position_types: {
        CCI_OFFICER: '役員',
        CCI_SECTION: '部会',
        CCI_BRANCH: '支部',
        CCI_COMMITTEE: '委員会',
        CCI_WOMEN_ASSOCIATION: '女性会',
        CCI_YOUTH_DIVISION: '青年部',
      },
    },
  },
};
