/** Public hospitals a doctor may name as work place at sign-up (addresses as published by each hospital). */
export const WORK_UNITS = [
  {
    id: 1,
    names: { vi: 'Bệnh viện Bạch Mai', en: 'Bach Mai Hospital', zh: '白梅医院' },
    address: '78 Giải Phóng, Phương Mai, Đống Đa, Hà Nội',
  },
  {
    id: 2,
    names: { vi: 'Bệnh viện Chợ Rẫy', en: 'Cho Ray Hospital', zh: '大水镬医院' },
    address: '201B Nguyễn Chí Thanh, Phường 12, Quận 5, TP. Hồ Chí Minh',
  },
  {
    id: 3,
    names: { vi: 'Bệnh viện Đại học Y Dược TP. Hồ Chí Minh', en: 'University Medical Center Ho Chi Minh City', zh: '胡志明市医药大学医院' },
    address: '215 Hồng Bàng, Phường 11, Quận 5, TP. Hồ Chí Minh',
  },
  {
    id: 4,
    names: { vi: 'Bệnh viện Trung ương Huế', en: 'Hue Central Hospital', zh: '顺化中央医院' },
    address: '16 Lê Lợi, Vĩnh Ninh, TP. Huế',
  },
  {
    id: 5,
    names: { vi: 'Bệnh viện Nhi Đồng 1', en: "Children's Hospital 1", zh: '第一儿童医院' },
    address: '341 Sư Vạn Hạnh, Phường 10, Quận 10, TP. Hồ Chí Minh',
  },
  {
    id: 6,
    names: { vi: 'Bệnh viện Đà Nẵng', en: 'Da Nang Hospital', zh: '岘港医院' },
    address: '124 Hải Phòng, Thạch Thang, Hải Châu, Đà Nẵng',
  },
] as const;
