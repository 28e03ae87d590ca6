/**
 * What the demo company holds (seed.ts writes it through the services): a small company's
 * register as a newcomer would expect to see it. Names are Chinese first, then English, as
 * the company's own name is ("演示企业 Demo Co."). Nothing here is random: times are days
 * before the moment of seeding, so the same data is made on every machine and expiry,
 * depreciation and histories look alike whenever it is seeded.
 *
 * Asset lives are chosen so that no asset expires within 40 days of the seeding either way
 * (seed.test.ts checks it): which assets count as expired does not depend on the month lengths.
 */
import { AttributeType, type ClassifyAttribute } from '../../../src/api/contract.ts';

// ---- organisation ----------------------------------------------------------------------

/** Departments under the root (the company), parents before children. */
export const DEMO_DEPARTMENTS = [
  { key: 'admin', name: '行政部 Administration' },
  { key: 'facilities', name: '后勤组 Facilities', parent: 'admin' },
  { key: 'finance', name: '财务部 Finance' },
  { key: 'rd', name: '研发部 R&D' },
  { key: 'qa', name: '测试组 QA', parent: 'rd' },
  { key: 'sales', name: '销售部 Sales' },
] as const;
export type DeptKey = (typeof DEMO_DEPARTMENTS)[number]['key'];

export const DEMO_STAFF = [
  { key: 'zhangwei', name: '张伟 Zhang Wei', position: '行政经理 Office manager', jobNumber: 'D001', dept: 'admin' },
  { key: 'lina', name: '李娜 Li Na', position: '行政专员 Administrative assistant', jobNumber: 'D002', dept: 'admin' },
  { key: 'wangqiang', name: '王强 Wang Qiang', position: '后勤主管 Facilities supervisor', jobNumber: 'D003', dept: 'facilities' },
  { key: 'zhaomin', name: '赵敏 Zhao Min', position: '司机 Driver', jobNumber: 'D004', dept: 'facilities' },
  { key: 'liuyang', name: '刘洋 Liu Yang', position: '财务经理 Finance manager', jobNumber: 'D005', dept: 'finance' },
  { key: 'chenjing', name: '陈静 Chen Jing', position: '会计 Accountant', jobNumber: 'D006', dept: 'finance' },
  { key: 'yangfan', name: '杨帆 Yang Fan', position: '研发总监 R&D director', jobNumber: 'D007', dept: 'rd' },
  { key: 'huanglei', name: '黄磊 Huang Lei', position: '软件工程师 Software engineer', jobNumber: 'D008', dept: 'rd' },
  { key: 'zhouting', name: '周婷 Zhou Ting', position: '硬件工程师 Hardware engineer', jobNumber: 'D009', dept: 'rd' },
  { key: 'wuhao', name: '吴昊 Wu Hao', position: '测试工程师 QA engineer', jobNumber: 'D010', dept: 'qa' },
  { key: 'sunyue', name: '孙悦 Sun Yue', position: '销售经理 Sales manager', jobNumber: 'D011', dept: 'sales' },
  { key: 'zhengkai', name: '郑凯 Zheng Kai', position: '销售代表 Sales representative', jobNumber: 'D012', dept: 'sales' },
] as const satisfies readonly { key: string; name: string; position: string; jobNumber: string; dept: DeptKey }[];
export type StaffKey = (typeof DEMO_STAFF)[number]['key'];

// ---- classifications -------------------------------------------------------------------

const MEMORY = '内存 Memory';
const OS = '操作系统 OS';
const PLATE = '车牌号 Plate number';
const INSPECTION = '年检日期 Inspection date';
const MATERIAL = '材质 Material';
const CONNECTION = '连接方式 Connection';
const CALIBRATED = '校准日期 Calibration date';

export const DEMO_CLASSIFICATIONS = [
  {
    key: 'computer',
    name: '电脑设备 Computers',
    attributes: [
      { name: 'CPU', attributeType: AttributeType.text },
      { name: MEMORY, attributeType: AttributeType.select, items: ['8 GB', '16 GB', '32 GB', '64 GB', '128 GB'] },
      { name: '硬盘 Storage', attributeType: AttributeType.text },
      { name: OS, attributeType: AttributeType.select, items: ['Windows 11', 'macOS', 'Ubuntu 22.04', 'iPadOS'] },
    ],
  },
  {
    key: 'furniture',
    name: '办公家具 Furniture',
    attributes: [{ name: MATERIAL, attributeType: AttributeType.select, items: ['实木 Wood', '钢制 Steel', '布艺 Fabric', '板材 Panel'] }],
  },
  {
    key: 'vehicle',
    name: '车辆 Vehicles',
    attributes: [
      { name: PLATE, attributeType: AttributeType.text },
      { name: INSPECTION, attributeType: AttributeType.date },
    ],
  },
  {
    key: 'office',
    name: '办公设备 Office equipment',
    attributes: [{ name: CONNECTION, attributeType: AttributeType.select, items: ['USB', '网络 Network', 'Wi-Fi', '蓝牙 Bluetooth'] }],
  },
  {
    key: 'instrument',
    name: '仪器仪表 Instruments',
    attributes: [
      { name: CALIBRATED, attributeType: AttributeType.date },
      { name: '精度等级 Accuracy class', attributeType: AttributeType.text },
    ],
  },
] as const satisfies readonly { key: string; name: string; attributes: readonly ClassifyAttribute[] }[];
export type ClassifyKey = (typeof DEMO_CLASSIFICATIONS)[number]['key'];

/** The classification whose assets print on the demo's own label template by default. */
export const DEMO_TEMPLATE = {
  /** The gallery template it is copied from (templates/gallery/catalog.ts). */
  galleryKey: 'asset-50x30-zh.wdfx',
  name: '演示资产标签 Demo asset label',
  defaultFor: 'computer' as ClassifyKey,
};

// ---- assets ----------------------------------------------------------------------------

export const SITES = {
  hq3: '总部 3 楼 HQ 3F',
  hq5: '总部 5 楼 HQ 5F',
  roomA: '会议室 A Meeting room A',
  roomB: '会议室 B Meeting room B',
  lab: '研发实验室 R&D lab',
  serverRoom: '机房 Server room',
  warehouse: '仓库 Warehouse',
  garage: '车库 Garage',
  pantry: '茶水间 Pantry',
  reception: '前台 Reception',
} as const;

export interface DemoAsset {
  key: string;
  name: string;
  specifications: string;
  unit: string;
  supplier: string;
  classify: ClassifyKey;
  /** Yuan. */
  price: number;
  /** Residual value at the life's end, yuan. */
  residual: number;
  /** Life (lossCycle), months. */
  lifeMonths: number;
  /** Bought (and registered) this many days before seeding. */
  boughtDaysAgo: number;
  dept: DeptKey;
  site: string;
  /** Received by this person two days after purchase (a receive transaction): in use. */
  holder?: StaffKey;
  attributes?: Record<string, string>;
}

const PC = '台 pc';
const PIECE = '把 pc';
const TABLE = '张 pc';
const SET = '套 set';
const VEHICLE = '辆 vehicle';

const LENOVO = '联想 Lenovo';
const DELL = '戴尔 Dell';
const APPLE = '苹果 Apple';
const JD = '京东企业购 JD Enterprise';
const RIGOL = '普源精电 RIGOL';

type Row = [
  key: string,
  name: string,
  specifications: string,
  unit: string,
  supplier: string,
  classify: ClassifyKey,
  price: number,
  residual: number,
  lifeMonths: number,
  boughtDaysAgo: number,
  dept: DeptKey,
  site: string,
  holder?: StaffKey,
  attributes?: Record<string, string>,
];

/** One asset a row, its columns as Row names them. */
const ROWS: Row[] = [
  // Computers (life 2 to 5 years).
  ['x1-carbon', '笔记本电脑 Laptop', 'ThinkPad X1 Carbon Gen 11', PC, LENOVO, 'computer', 12999, 600, 48, 420, 'rd', SITES.lab, 'huanglei',
    { CPU: 'Intel Core i7-1365U', [MEMORY]: '16 GB', '硬盘 Storage': '512 GB SSD', [OS]: 'Windows 11' }],
  ['mbp-14', '笔记本电脑 Laptop', 'MacBook Pro 14" M3 Pro', PC, APPLE, 'computer', 16999, 800, 48, 300, 'rd', SITES.lab, 'yangfan',
    { CPU: 'Apple M3 Pro', [MEMORY]: '32 GB', '硬盘 Storage': '1 TB SSD', [OS]: 'macOS' }],
  ['t14-g2', '笔记本电脑 Laptop', 'ThinkPad T14 Gen 2', PC, LENOVO, 'computer', 7299, 300, 36, 1500, 'qa', SITES.lab, 'wuhao',
    { CPU: 'Intel Core i5-1135G7', [MEMORY]: '16 GB', [OS]: 'Ubuntu 22.04' }],
  ['latitude-5420', '笔记本电脑 Laptop', 'Dell Latitude 5420', PC, DELL, 'computer', 6499, 300, 36, 1700, 'sales', SITES.hq5, 'zhengkai'],
  ['latitude-7440', '笔记本电脑 Laptop', 'Dell Latitude 7440', PC, DELL, 'computer', 9899, 400, 48, 200, 'sales', SITES.hq5, 'sunyue',
    { CPU: 'Intel Core i7-1365U', [MEMORY]: '32 GB', [OS]: 'Windows 11' }],
  ['e14', '笔记本电脑 Laptop', 'ThinkPad E14 Gen 4', PC, LENOVO, 'computer', 5299, 200, 36, 900, 'finance', SITES.hq3, 'chenjing'],
  ['matebook-14', '笔记本电脑 Laptop', 'HUAWEI MateBook 14 2023', PC, '华为 HUAWEI', 'computer', 6999, 300, 36, 650, 'admin', SITES.hq3, 'lina'],
  ['macbook-air', '笔记本电脑 Laptop', 'MacBook Air 13" M2', PC, APPLE, 'computer', 8999, 400, 48, 500, 'admin', SITES.hq3, 'zhangwei',
    { CPU: 'Apple M2', [MEMORY]: '16 GB', [OS]: 'macOS' }],
  ['optiplex', '台式电脑 Desktop', 'Dell OptiPlex 7010 i5 / 16 GB / 512 GB', PC, DELL, 'computer', 5899, 200, 48, 1000, 'finance', SITES.hq3, 'liuyang'],
  ['thinkcentre', '台式电脑 Desktop', 'Lenovo ThinkCentre M70t', PC, LENOVO, 'computer', 4999, 200, 48, 2100, 'admin', SITES.hq3, 'zhangwei'],
  ['prodesk', '台式电脑 Desktop', 'HP ProDesk 400 G9', PC, '惠普 HP', 'computer', 4599, 150, 48, 60, 'sales', SITES.hq5],
  ['precision', '工作站 Workstation', 'Dell Precision 5860, Xeon w5-2455X, RTX A4000', PC, DELL, 'computer', 42800, 2000, 60, 560, 'rd', SITES.lab, 'zhouting',
    { CPU: 'Intel Xeon w5-2455X', [MEMORY]: '64 GB', '硬盘 Storage': '2 TB NVMe SSD', [OS]: 'Windows 11' }],
  ['poweredge', '服务器 Server', 'Dell PowerEdge R750, 2 x Xeon Silver 4314', PC, DELL, 'computer', 85600, 4000, 60, 1250, 'rd', SITES.serverRoom, 'yangfan',
    { CPU: '2 x Intel Xeon Silver 4314', [MEMORY]: '128 GB', '硬盘 Storage': '4 x 1.92 TB SSD, RAID 10', [OS]: 'Ubuntu 22.04' }],
  ['u2723-1', '显示器 Monitor', 'Dell U2723QE 27" 4K', PC, JD, 'computer', 3899, 100, 60, 400, 'rd', SITES.lab, 'huanglei'],
  ['u2723-2', '显示器 Monitor', 'Dell U2723QE 27" 4K', PC, JD, 'computer', 3899, 100, 60, 400, 'rd', SITES.lab, 'zhouting'],
  ['e24', '显示器 Monitor', 'HP E24 G5 23.8"', PC, JD, 'computer', 1399, 50, 60, 60, 'sales', SITES.hq5],
  ['x13-old', '笔记本电脑 Laptop', 'ThinkPad X13 Gen 1', PC, LENOVO, 'computer', 6999, 300, 36, 2000, 'admin', SITES.warehouse],
  ['ipad-air', '平板电脑 Tablet', 'iPad Air 11" M2 256 GB', PC, APPLE, 'computer', 5499, 300, 36, 120, 'sales', SITES.hq5],
  ['t14s-spare', '笔记本电脑 Laptop', 'ThinkPad T14s Gen 4 (备用机 spare)', PC, LENOVO, 'computer', 8999, 400, 48, 90, 'rd', SITES.warehouse],
  ['mate60', '手机 Mobile phone', 'HUAWEI Mate 60 Pro 512 GB', PC, '华为 HUAWEI', 'computer', 6999, 200, 24, 800, 'sales', SITES.hq5, 'sunyue'],
  ['iphone15', '手机 Mobile phone', 'iPhone 15 256 GB', PC, APPLE, 'computer', 5999, 300, 24, 420, 'sales', SITES.hq5, 'zhengkai'],
  // Furniture (life 5 to 10 years).
  ['desk-admin', '办公桌 Desk', '电动升降桌 Sit-stand desk 1400 x 700', TABLE, '乐歌 Loctek', 'furniture', 2680, 100, 96, 1600, 'admin', SITES.hq3, undefined,
    { [MATERIAL]: '板材 Panel' }],
  ['desk-rd', '办公桌 Desk', '电动升降桌 Sit-stand desk 1400 x 700', TABLE, '乐歌 Loctek', 'furniture', 2680, 100, 96, 1600, 'rd', SITES.lab],
  ['chair-rd', '办公椅 Office chair', '人体工学椅 Ergonomic chair M57', PIECE, '西昊 Sihoo', 'furniture', 1299, 50, 60, 1900, 'rd', SITES.lab],
  ['chair-finance', '办公椅 Office chair', '人体工学椅 Ergonomic chair M57', PIECE, '西昊 Sihoo', 'furniture', 1299, 50, 60, 1900, 'finance', SITES.hq3],
  ['aeron', '办公椅 Office chair', 'Herman Miller Aeron, size B', PIECE, '赫曼米勒 Herman Miller', 'furniture', 11800, 500, 96, 700, 'admin', SITES.hq3, 'zhangwei',
    { [MATERIAL]: '布艺 Fabric' }],
  ['conference-table', '会议桌 Conference table', '3.6 m 实木会议桌 Solid-wood table', TABLE, '震旦 AURORA', 'furniture', 8600, 300, 96, 2000, 'admin', SITES.roomA, undefined,
    { [MATERIAL]: '实木 Wood' }],
  ['cabinet', '文件柜 Filing cabinet', '钢制四门文件柜 Steel, 4 doors', PIECE, '震旦 AURORA', 'furniture', 980, 30, 96, 1800, 'finance', SITES.hq3, undefined,
    { [MATERIAL]: '钢制 Steel' }],
  ['safe', '保险柜 Safe', '得力 Deli 4078 电子密码 Electronic lock', PC, '得力 Deli', 'furniture', 2380, 100, 120, 1750, 'finance', SITES.hq3],
  ['sofa', '沙发 Sofa', '三人位 3-seat, 2100 mm', SET, '顾家家居 KUKA', 'furniture', 4600, 150, 96, 1500, 'admin', SITES.reception],
  ['chair-old', '办公椅 Office chair', '网布椅 Mesh chair', PIECE, JD, 'furniture', 480, 20, 60, 2150, 'admin', SITES.warehouse],
  ['partition', '工位屏风 Desk partition', '6 人位 6 seats', SET, '震旦 AURORA', 'furniture', 5200, 200, 96, 1600, 'rd', SITES.lab],
  ['bookshelf', '书架 Bookshelf', '五层钢木书架 5 shelves', PIECE, JD, 'furniture', 1200, 40, 96, 1100, 'rd', SITES.lab],
  // Vehicles (life 4 to 8 years).
  ['camry', '小轿车 Sedan', '丰田凯美瑞 Toyota Camry 2.0G', VEHICLE, '广汽丰田 GAC Toyota', 'vehicle', 179800, 8000, 72, 1300, 'facilities', SITES.garage, 'zhaomin',
    { [PLATE]: '沪A·D7M31', [INSPECTION]: '2027-03-18' }],
  ['gl8', '商务车 MPV', '别克 Buick GL8 ES 陆尊', VEHICLE, '上汽通用 SAIC-GM', 'vehicle', 268000, 12000, 96, 800, 'facilities', SITES.garage, 'zhaomin',
    { [PLATE]: '沪A·F2K08', [INSPECTION]: '2027-09-05' }],
  ['qin-ev', '电动汽车 Electric car', '比亚迪秦 BYD Qin PLUS EV', VEHICLE, '比亚迪 BYD', 'vehicle', 139800, 5000, 72, 230, 'sales', SITES.garage, 'sunyue',
    { [PLATE]: '沪A·D35K21' }],
  ['e-bike', '电动自行车 E-bike', '雅迪 Yadea DE3', VEHICLE, '雅迪 Yadea', 'vehicle', 3299, 100, 48, 1600, 'facilities', SITES.garage],
  // Office equipment (life 3 to 8 years).
  ['ricoh', '多功能一体机 Multifunction printer', '理光 Ricoh IM C3000', PC, '理光 Ricoh', 'office', 32800, 1000, 60, 1400, 'admin', SITES.hq3, 'lina',
    { [CONNECTION]: '网络 Network' }],
  ['laserjet', '激光打印机 Laser printer', 'HP LaserJet Pro M404dn', PC, '惠普 HP', 'office', 2399, 80, 60, 2000, 'finance', SITES.hq3],
  ['projector-epson', '投影仪 Projector', 'Epson CB-2265U 5500 lm', PC, '爱普生 Epson', 'office', 8999, 300, 60, 1100, 'admin', SITES.roomA],
  ['projector-benq', '投影仪 Projector', 'BenQ GV31 便携 Portable', PC, '明基 BenQ', 'office', 4599, 150, 60, 500, 'sales', SITES.hq5, undefined,
    { [CONNECTION]: 'Wi-Fi' }],
  ['shredder', '碎纸机 Shredder', '科密 Comet 9566', PC, '科密 Comet', 'office', 899, 30, 60, 1300, 'finance', SITES.hq3],
  ['video-box', '视频会议终端 Video conferencing system', 'HUAWEI Box 600', SET, '华为 HUAWEI', 'office', 24800, 800, 60, 600, 'admin', SITES.roomA],
  ['label-printer', '标签打印机 Label printer', '精臣 NIIMBOT B3S', PC, '精臣 NIIMBOT', 'office', 469, 20, 36, 150, 'admin', SITES.hq3, 'lina',
    { [CONNECTION]: '蓝牙 Bluetooth' }],
  ['air-con', '空调 Air conditioner', '格力 Gree 3 匹立柜 3 HP floor unit', PC, '格力 Gree', 'office', 7999, 300, 96, 1900, 'facilities', SITES.hq3],
  ['scanner', '扫描仪 Document scanner', 'Fujitsu fi-7160', PC, '富士通 Fujitsu', 'office', 7600, 200, 60, 950, 'finance', SITES.hq3, 'chenjing',
    { [CONNECTION]: 'USB' }],
  ['access-point', '无线接入点 Wi-Fi access point', 'Ubiquiti U6 Pro', PC, JD, 'office', 1299, 50, 48, 700, 'facilities', SITES.hq5],
  ['switch', '网络交换机 Network switch', 'H3C S5130-52S 48 口 48 ports', PC, '新华三 H3C', 'office', 5800, 200, 72, 1250, 'rd', SITES.serverRoom],
  ['tv-86', '会议电视 Display TV', '小米 Xiaomi 86"', PC, '小米 Xiaomi', 'office', 8999, 300, 60, 380, 'sales', SITES.hq5],
  ['coffee', '咖啡机 Coffee machine', "De'Longhi ECAM 22.110", PC, JD, 'office', 6999, 200, 60, 1000, 'admin', SITES.pantry],
  ['fridge', '冰箱 Refrigerator', '海尔 Haier BCD-470', PC, '海尔 Haier', 'office', 3299, 100, 96, 1500, 'admin', SITES.pantry],
  ['water', '饮水机 Water dispenser', '美的 Midea YR1518S', PC, '美的 Midea', 'office', 899, 30, 60, 2050, 'facilities', SITES.pantry],
  // Instruments (life 8 to 10 years).
  ['oscilloscope', '示波器 Oscilloscope', 'Keysight DSOX3054T 500 MHz', PC, '是德科技 Keysight', 'instrument', 126000, 6000, 120, 1000, 'rd', SITES.lab, 'zhouting',
    { [CALIBRATED]: '2026-04-12', '精度等级 Accuracy class': '±1.5%' }],
  ['spectrum', '频谱分析仪 Spectrum analyzer', 'R&S FPC1500 3 GHz', PC, '罗德与施瓦茨 R&S', 'instrument', 68000, 3000, 120, 800, 'qa', SITES.lab, 'wuhao',
    { [CALIBRATED]: '2026-02-20' }],
  ['multimeter', '数字万用表 Digital multimeter', 'Fluke 87V', PC, '福禄克 Fluke', 'instrument', 3680, 100, 96, 1400, 'rd', SITES.lab],
  ['power-supply', '可编程电源 Programmable power supply', 'RIGOL DP832', PC, RIGOL, 'instrument', 4299, 150, 96, 1200, 'qa', SITES.lab],
  ['signal-gen', '信号发生器 Signal generator', 'RIGOL DG2052', PC, RIGOL, 'instrument', 8900, 300, 96, 900, 'rd', SITES.lab],
  ['climate', '恒温恒湿箱 Climate chamber', '一恒 Yiheng BPS-100CL', PC, '上海一恒 Yiheng', 'instrument', 46000, 2000, 120, 1700, 'qa', SITES.lab, undefined,
    { '精度等级 Accuracy class': '±0.5 °C' }],
  ['balance', '电子天平 Analytical balance', 'Mettler Toledo ME204', PC, '梅特勒-托利多 Mettler Toledo', 'instrument', 15800, 500, 96, 600, 'qa', SITES.lab],
  ['thermal', '热像仪 Thermal camera', 'FLIR E8 Pro', PC, '菲力尔 FLIR', 'instrument', 22000, 800, 96, 300, 'facilities', SITES.warehouse, 'wangqiang'],
];

export const DEMO_ASSETS: readonly DemoAsset[] = ROWS.map(
  ([key, name, specifications, unit, supplier, classify, price, residual, lifeMonths, boughtDaysAgo, dept, site, holder, attributes]) => ({
    key, name, specifications, unit, supplier, classify, price, residual, lifeMonths, boughtDaysAgo, dept, site, holder, attributes,
  }),
);

// ---- what happened since ---------------------------------------------------------------

/** A receive happens this many days after the purchase. */
export const RECEIVED_AFTER_DAYS = 2;

/** Transactions after the receives, each on one asset, in time order (days before seeding). */
export type DemoStory =
  | { type: 'Borrowed'; asset: string; daysAgo: number; staff: StaffKey; returnInDays: number; reason: string }
  | { type: 'Return'; asset: string; daysAgo: number; remark: string }
  | { type: 'Maintain'; asset: string; daysAgo: number; reason: string; repairCost: number }
  | { type: 'Discard'; asset: string; daysAgo: number; reason: string }
  | { type: 'Alter'; asset: string; daysAgo: number; site: string; remark: string };

export const DEMO_STORIES: readonly DemoStory[] = [
  { type: 'Discard', asset: 'chair-old', daysAgo: 100, reason: '椅背断裂 Backrest broken' },
  { type: 'Discard', asset: 'x13-old', daysAgo: 60, reason: '主板损坏，维修不经济 Mainboard failed, not worth repairing' },
  { type: 'Borrowed', asset: 't14s-spare', daysAgo: 45, staff: 'huanglei', returnInDays: 7, reason: '出差 Business trip' },
  { type: 'Return', asset: 't14s-spare', daysAgo: 38, remark: '完好 In good order' },
  { type: 'Alter', asset: 'projector-epson', daysAgo: 20, site: SITES.roomB, remark: '会议室 A 装了新屏幕 Meeting room A got a new screen' },
  { type: 'Borrowed', asset: 'ipad-air', daysAgo: 12, staff: 'zhengkai', returnInDays: 30, reason: '客户演示 Client demos' },
  { type: 'Maintain', asset: 'ricoh', daysAgo: 5, reason: '卡纸，定影器故障 Paper jams, fuser fault', repairCost: 1200 },
  { type: 'Borrowed', asset: 'projector-benq', daysAgo: 4, staff: 'sunyue', returnInDays: 10, reason: '展会 Trade fair' },
];

// ---- inventory -------------------------------------------------------------------------

export interface DemoInventory {
  name: string;
  remark: string;
  dept: DeptKey;
  createdDaysAgo: number;
  scannedDaysAgo: number;
  /** Assets of the order not scanned (all others are). */
  missing?: readonly string[];
  /** Only these assets are scanned (the order is still being counted). */
  scanned?: readonly string[];
  /** Assets found here although the order was not made for them (surplus). */
  surplus?: readonly string[];
  finishedDaysAgo?: number;
}

export const DEMO_INVENTORIES: readonly DemoInventory[] = [
  {
    name: '行政部季度盘点 Administration quarterly count',
    remark: '含后勤组 Facilities included',
    dept: 'admin',
    createdDaysAgo: 30,
    scannedDaysAgo: 29,
    missing: ['e-bike'],
    finishedDaysAgo: 28,
  },
  {
    name: '研发部年度盘点 R&D annual count',
    remark: '含测试组 QA included',
    dept: 'rd',
    createdDaysAgo: 2,
    scannedDaysAgo: 1,
    scanned: ['x1-carbon', 'mbp-14', 'precision', 'poweredge', 'u2723-1', 'oscilloscope', 'spectrum', 'desk-rd'],
    surplus: ['latitude-7440'],
  },
];
