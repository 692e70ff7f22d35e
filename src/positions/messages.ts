/** Japanese UI texts of 役職 (react-admin's resources.positions.* keys and kaigi.positions.*). */
export const messages = {
  resources: {
    positions: {
      name: '役職 |||| 役職',
      page: {
        list: '役職',
        create: '役職の登録',
        edit: '役職の編集: %{recordRepresentation}',
      },
      fields: {
        id: 'ID',
        member_id: '会員',
        member_name: '会員',
        member_name_kana: 'フリガナ',
        position_type: '区分',
        department_name: '所属',
        position_name: '役職名',
        rank: '序列',
        start_at: '開始日',
        end_at: '終了日',
        company_id: '事業所',
        company_code: '事業所コード',
        company_name: '事業所',
        active_on: '在任日',
        q: 'キーワード',
        version: 'バージョン',
        updated_at: '更新日時',
      },
    },
  },
  kaigi: {
    positions: {
      // Fallback names of the position types (spec §3) when the master data cannot be read.
      types: {
        CCI_OFFICER: '役員',
        CCI_SECTION: '部会',
        CCI_BRANCH: '支部',
        CCI_COMMITTEE: '委員会',
        CCI_WOMEN_ASSOCIATION: '女性会',
        CCI_YOUTH_DIVISION: '青年部',
      },
      filters: {
        keyword: 'キーワード（会員・事業所）',
        position_type: '区分',
        department_name: '所属（前方一致）',
        active_on: '在任日（この日に在任中）',
        company: '事業所',
      },
      helper: {
        member: '氏名・フリガナ・事業所名の一部を入力して選びます',
        department_name: '例: 商業部会、総務委員会、西支部',
        position_name: '例: 会頭、部会長、委員',
        rank: '小さいほど上位（会議の席次に使います）',
        end_at: '空欄は「現在も在任」',
      },
      bulk: {
        button: 'まとめて編集',
        title: '選択した役職をまとめて編集',
        intro:
          '序列と終了日を変更して「まとめて保存」を押すと、すべての変更を一度に保存します（1件でも保存できない場合は、どれも保存されません）。',
        apply_end_at: '選択したすべての終了日',
        apply: 'すべてに設定',
        save: 'まとめて保存',
        saving: '保存しています…',
        saved: '%{smart_count}件の役職を保存しました。 |||| %{smart_count}件の役職を保存しました。',
        nothing_changed: '変更された項目がありません。',
        failed_item: '%{index}件目（%{name}）: %{message}',
        row_label: '%{index}件目',
        reload: '最新の内容を読み込む',
        reloaded: '最新の内容を読み込みました。入力した内容はそのまま残っています。確認してから保存してください。',
        loading: '選択した役職を読み込んでいます…',
      },
    },
  },
};
