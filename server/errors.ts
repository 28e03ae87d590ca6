/**
 * Every error the API answers with, in one table: its status code (src/api/contract.ts) and
 * its message in Chinese and English. Several entries may share a code when the user needs a
 * more precise message (code 2 has a few). Messages take `{name}` placeholders filled from
 * the AppError's params.
 *
 * A handled error answers HTTP 200 with `{statusCode, resultInfo: message}`; the only other
 * HTTP status used is 404 for an unknown /api path.
 */
import { StatusCode } from '../src/api/contract.ts';

export type Lang = 'zh' | 'en';

interface ErrorEntry {
  code: number;
  zh: string;
  en: string;
}

export const ERRORS = {
  internal: { code: StatusCode.internal, zh: '未知错误！', en: 'Unknown Error!' },
  parameter: { code: StatusCode.parameter, zh: '参数错误：{fields}', en: 'Parameter error: {fields}' },
  // A string field over its schema's maximum (http/body.ts): {field} is the request's name for it.
  parameterTooLong: {
    code: StatusCode.parameter,
    zh: '参数错误：{field} 不能超过 {max} 个字符。',
    en: 'Parameter error: {field} cannot be longer than {max} characters.',
  },
  malformedJson: {
    code: StatusCode.parameter,
    zh: '参数错误：请求内容不是有效的 JSON。',
    en: 'Parameter error: the request body is not valid JSON.',
  },
  bodyTooLarge: {
    code: StatusCode.parameter,
    zh: '参数错误：请求内容超过 {limit}。',
    en: 'Parameter error: the request body is larger than {limit}.',
  },
  accountRequired: {
    code: StatusCode.parameter,
    zh: '请输入手机号或邮箱。',
    en: 'Please enter a phone number or an email address.',
  },
  notFound: { code: StatusCode.notFound, zh: '请求的接口不存在。', en: 'This API does not exist.' },
  forbidden: { code: StatusCode.forbidden, zh: '没有权限执行此操作。', en: 'You are not allowed to do this.' },
  alreadyRegistered: {
    code: StatusCode.alreadyRegistered,
    zh: '该账号已注册',
    en: 'This account is already registered',
  },
  invalidCheckCode: {
    code: StatusCode.invalidCheckCode,
    zh: '未检测到有效的验证码',
    en: 'No valid verification code detected',
  },
  wrongCredentials: {
    code: StatusCode.wrongCredentials,
    zh: '用户名或密码错误',
    en: 'Incorrect username or password',
  },
  // {minutes} is minutesParam(n): the number in Chinese, "1 minute" / "n minutes" in English.
  tooManyAttempts: {
    code: StatusCode.tooManyAttempts,
    zh: '登录失败次数过多，请 {minutes} 分钟后再试。',
    en: 'Too many failed logins. Please try again in {minutes}.',
  },
  tooManyPasswordChecks: {
    code: StatusCode.tooManyAttempts,
    zh: '密码错误次数过多，请 {minutes} 分钟后再试。',
    en: 'Too many wrong passwords. Please try again in {minutes}.',
  },
  demoForbidden: {
    code: StatusCode.demoForbidden,
    zh: '演示账号不能修改密码。',
    en: 'The demo account cannot change its password.',
  },
  accountDisabled: {
    code: StatusCode.accountDisabled,
    zh: '该账号已被停用，请联系管理员。',
    en: 'This account is disabled. Please contact your administrator.',
  },
  wrongOldPassword: { code: StatusCode.wrongOldPassword, zh: '旧密码错误。', en: 'The old password is incorrect.' },
  sessionInvalid: {
    code: StatusCode.sessionInvalid,
    zh: '登录信息失效，请退出后重新登录！',
    en: 'Login information is invalid. Please log out and log in again!',
  },
  codeTooFrequent: {
    code: StatusCode.codeTooFrequent,
    zh: '获取验证码过于频繁，请 {seconds} 秒后再试。',
    en: 'Verification codes were requested too often. Please try again in {seconds|second|seconds}.',
  },
  codeRequestsFromAddress: {
    code: StatusCode.codeTooFrequent,
    zh: '此网络地址获取验证码过于频繁，请 {minutes} 分钟后再试。',
    en: 'Too many verification codes were requested from this network address. Please try again in {minutes}.',
  },
  invalidPhone: { code: StatusCode.invalidPhone, zh: '手机号格式不正确', en: 'Invalid phone number format' },
  invalidEmail: { code: StatusCode.invalidEmail, zh: '邮箱格式不正确', en: 'Invalid email format' },
  accountNotFound: { code: StatusCode.accountNotFound, zh: '该账号尚未注册', en: 'This account is not registered' },
  companyNameRequired: {
    code: StatusCode.companyNameRequired,
    zh: '请输入新的企业名称。',
    en: 'Please enter the new company name.',
  },
  codeSendFailed: {
    code: StatusCode.codeSendFailed,
    zh: '验证码发送失败，请稍后再试。',
    en: 'The verification code could not be sent. Please try again later.',
  },
  // ---- organisation and access ----------------------------------------------------------
  deptNameRequired: { code: StatusCode.parameter, zh: '请输入部门名称。', en: 'Please enter the department name.' },
  deptIntoOwnBranch: {
    code: StatusCode.parameter,
    zh: '部门不能成为自身或其下级部门的子部门。',
    en: 'A department cannot become a child of itself or of one of its sub-departments.',
  },
  deptChooseAnother: { code: StatusCode.parameter, zh: '请选择其他部门。', en: 'Please choose another department.' },
  // Siblings compare trimmed, with white-space runs as one space, ignoring case (migration 009).
  deptNameTaken: {
    code: StatusCode.duplicate,
    zh: '“{parent}”下已有名为“{name}”的部门，请换一个名称。',
    en: 'There is already a department called "{name}" under "{parent}". Please choose another name.',
  },
  deptSiblingNameTaken: {
    code: StatusCode.duplicate,
    zh: '同一上级部门下已有名为“{name}”的部门，请换一个名称。',
    en: 'There is already a department called "{name}" under the same parent. Please choose another name.',
  },
  staffNameRequired: { code: StatusCode.parameter, zh: '请输入员工姓名。', en: 'Please enter the staff name.' },
  roleNameRequired: { code: StatusCode.parameter, zh: '请输入角色名称。', en: 'Please enter the role name.' },
  unknownPermission: {
    code: StatusCode.parameter,
    zh: '未知的权限代码：{codes}。',
    en: 'Unknown permission codes: {codes}.',
  },
  authorizedDeptsRequired: { code: StatusCode.parameter, zh: '请至少选择一个组织', en: 'Choose at least one organization' },
  passwordRequired: { code: StatusCode.parameter, zh: '请输入密码。', en: 'Please enter the password.' },
  checkCodeRequired: { code: StatusCode.parameter, zh: '请输入验证码。', en: 'Please enter the verification code.' },
  staffRequired: { code: StatusCode.parameter, zh: '请选择员工。', en: 'Please choose a staff member.' },
  nothingToChange: { code: StatusCode.parameter, zh: '没有做任何修改。', en: 'No changes made.' },
  demoCompanyLocked: {
    code: StatusCode.demoForbidden,
    zh: '演示企业供所有人试用，演示账号不能修改企业名称。请注册自己的企业后再改名。',
    en: 'The demo company is shared by everyone trying the app: the demo account cannot rename it. Register your own company to name it.',
  },
  deptOutOfScope: {
    code: StatusCode.forbidden,
    zh: '请选择您授权范围内的部门。',
    en: 'Please choose a department within your authorized scope.',
  },
  rootDeptLocked: {
    code: StatusCode.forbidden,
    zh: '根部门即企业本身，不能移动或删除。',
    en: 'The root department is the company itself and cannot be moved or deleted.',
  },
  vipRequired: {
    code: StatusCode.forbidden,
    zh: '角色权限仅对 VIP 企业开放。',
    en: 'Roles and permissions are available to VIP companies only.',
  },
  cannotGrant: {
    code: StatusCode.forbidden,
    zh: '不能授予或管理超出您自身的权限或范围。',
    en: 'You cannot grant or manage permissions or a scope beyond your own.',
  },
  ownAccess: {
    code: StatusCode.forbidden,
    zh: '不能修改或关闭您自己的子账号。',
    en: 'You cannot change or close your own sub-user.',
  },
  deptNotFound: { code: StatusCode.recordNotFound, zh: '该部门不存在。', en: 'This department does not exist.' },
  staffNotFound: { code: StatusCode.recordNotFound, zh: '该员工不存在。', en: 'This staff member does not exist.' },
  roleNotFound: { code: StatusCode.recordNotFound, zh: '该角色不存在。', en: 'This role does not exist.' },
  permissionNotFound: { code: StatusCode.recordNotFound, zh: '该权限不存在。', en: 'This permission does not exist.' },
  childUserNotFound: { code: StatusCode.recordNotFound, zh: '该子账号不存在。', en: 'This sub-user does not exist.' },
  roleNameTaken: { code: StatusCode.duplicate, zh: '角色名称已存在', en: 'Role name already exists' },
  jobNumberTaken: { code: StatusCode.duplicate, zh: '工号已存在。', en: 'This job number already exists.' },
  childUserExists: {
    code: StatusCode.duplicate,
    zh: '该员工已开通子账号。',
    en: 'This staff member already has a sub-user.',
  },
  deptHasChildren: {
    code: StatusCode.inUse,
    zh: '该部门下还有 {count} 个子部门，不能删除。',
    en: 'This department still has {count} sub-departments and cannot be deleted.',
  },
  deptHasStaff: {
    code: StatusCode.inUse,
    zh: '该部门下还有 {count} 名员工，不能删除。',
    en: 'This department still has {count} staff members and cannot be deleted.',
  },
  deptAuthorized: {
    code: StatusCode.inUse,
    zh: '该部门已授权给 {count} 个子账号，不能删除。',
    en: 'This department is authorized to {count} sub-users and cannot be deleted.',
  },
  deptInUse: {
    code: StatusCode.inUse,
    zh: '该部门仍在使用中，不能删除。',
    en: 'This department is still in use and cannot be deleted.',
  },
  // Optimistic concurrency (migration 010): the record's version is not the one the save was
  // based on. Same text for every kind of record: the form that shows it names the record.
  recordChanged: {
    code: StatusCode.recordChanged,
    zh: '此记录已被他人修改，请重新加载。',
    en: 'This record was changed by someone else; reload it.',
  },
  roleInUse: {
    code: StatusCode.inUse,
    zh: '该角色已分配给 {count} 个子账号，不能删除。',
    en: 'This role is held by {count} sub-users and cannot be deleted.',
  },
  // ---- the asset register ------------------------------------------------------------------
  // {field} is a localized label ({zh, en}, see ErrorParams); {name}, {item}, {code} are user text.
  classifyNameRequired: { code: StatusCode.parameter, zh: '请输入分类名称。', en: 'Please enter the classification name.' },
  attributeNameRequired: { code: StatusCode.parameter, zh: '参数名称不能为空。', en: 'Attribute names cannot be empty.' },
  attributeNameDuplicate: {
    code: StatusCode.parameter,
    zh: '参数名称“{name}”重复。',
    en: 'The attribute name "{name}" is duplicated.',
  },
  attributeNameReserved: {
    code: StatusCode.parameter,
    zh: '“{name}”是导入导出的标准列名，不能用作参数名称。',
    en: '"{name}" is a standard import/export column and cannot name an attribute.',
  },
  attributeItemsRequired: {
    code: StatusCode.parameter,
    zh: '下拉类型的参数“{name}”需要选项。',
    en: 'The Select attribute "{name}" needs items.',
  },
  attributeItemEmpty: { code: StatusCode.parameter, zh: '参数“{name}”的选项不能为空。', en: 'The items of "{name}" cannot be empty.' },
  attributeItemDuplicate: {
    code: StatusCode.parameter,
    zh: '参数“{name}”的选项“{item}”重复。',
    en: 'The item "{item}" of "{name}" is duplicated.',
  },
  assetNameRequired: { code: StatusCode.parameter, zh: '请输入资产名称。', en: 'Please enter the asset name.' },
  assetsRequired: { code: StatusCode.parameter, zh: '请至少选择一项资产。', en: 'Please select at least one asset.' },
  // Asset labels (modules/asset-labels): one call names at most {max} assets.
  tooManyAssets: {
    code: StatusCode.parameter,
    zh: '一次最多处理 {max} 项资产，当前为 {count} 项。',
    en: 'At most {max} assets at a time; this names {count}.',
  },
  fieldTooLong: {
    code: StatusCode.parameter,
    zh: '{field}不能超过 {max} 个字符。',
    en: '{field} cannot be longer than {max} characters.',
  },
  amountInvalid: {
    code: StatusCode.parameter,
    zh: '{field}必须是不小于 0 的金额，最多两位小数。',
    en: '{field} must be an amount of at least 0 with at most 2 decimals.',
  },
  lossCycleInvalid: {
    code: StatusCode.parameter,
    zh: '折旧周期必须是不小于 0 的整数（月）。',
    en: 'The depreciation period must be a whole number of months, at least 0.',
  },
  dateInvalid: {
    code: StatusCode.parameter,
    zh: '{field}必须是有效的日期（YYYY-MM-DD）。',
    en: '{field} must be a valid date (YYYY-MM-DD).',
  },
  timeInvalid: {
    code: StatusCode.parameter,
    zh: '{field}必须是有效的时间（HH:mm 或 HH:mm:ss）。',
    en: '{field} must be a valid time (HH:mm or HH:mm:ss).',
  },
  selectValueInvalid: {
    code: StatusCode.parameter,
    zh: '{field}只能是以下选项之一：{items}。',
    en: '{field} must be one of: {items}.',
  },
  attributeUnknown: {
    code: StatusCode.parameter,
    zh: '分类“{classify}”没有参数“{name}”。',
    en: 'The classification "{classify}" has no attribute "{name}".',
  },
  attributeNeedsClassify: {
    code: StatusCode.parameter,
    zh: '请先选择分类，再填写自定义参数（{name}）。',
    en: 'Choose a classification before filling in custom attributes ({name}).',
  },
  fileRequired: { code: StatusCode.parameter, zh: '请选择文件。', en: 'Please choose a file.' },
  fileTypeInvalid: {
    code: StatusCode.parameter,
    zh: '只能上传 png、jpg、gif 或 webp 格式的图片。',
    en: 'Only png, jpg, gif or webp pictures can be uploaded.',
  },
  fileTooLarge: { code: StatusCode.parameter, zh: '图片不能超过 {limit}。', en: 'The picture cannot be larger than {limit}.' },
  pictureUnreadable: {
    code: StatusCode.parameter,
    zh: '无法读取该图片：文件已损坏或不完整。',
    en: 'This picture cannot be read: the file is damaged or incomplete.',
  },
  pictureTooLarge: {
    code: StatusCode.parameter,
    zh: '图片为 {width} x {height} 像素，过大：每边最多 {maxSide} 像素，总计最多 {maxMegapixels} 百万像素。请缩小后再上传。',
    en: 'The picture is {width} x {height} pixels, too large: at most {maxSide} pixels a side and {maxMegapixels} megapixels. Please shrink it and upload it again.',
  },
  // POST api/File/FromUrl (modules/files/from-url.ts): a picture fetched from a web address.
  pictureUrlInvalid: {
    code: StatusCode.parameter,
    zh: '请输入以 http:// 或 https:// 开头的图片网址。',
    en: 'Please enter a picture address starting with http:// or https://.',
  },
  pictureUrlPrivate: {
    code: StatusCode.parameter,
    zh: '该网址指向本机或内部网络地址（{address}），不能从这里获取图片。',
    en: 'This address points to the server itself or an internal network ({address}); pictures cannot be fetched from there.',
  },
  pictureUrlUnreachable: {
    code: StatusCode.parameter,
    zh: '无法连接到 {host}，请检查网址。',
    en: 'Could not connect to {host}. Please check the address.',
  },
  pictureUrlStatus: {
    code: StatusCode.parameter,
    zh: '该网址没有返回图片（HTTP {status}）。',
    en: 'The address did not return a picture (HTTP {status}).',
  },
  pictureUrlRedirects: {
    code: StatusCode.parameter,
    zh: '该网址重定向超过 {max} 次，已停止获取。',
    en: 'The address redirects more than {max} times; fetching stopped.',
  },
  pictureUrlTimeout: {
    code: StatusCode.parameter,
    zh: '获取图片超过 {s} 秒未完成，已停止。',
    en: 'Fetching the picture took more than {s} s and was stopped.',
  },
  pictureUrlNotPicture: {
    code: StatusCode.parameter,
    zh: '该网址的内容不是 png 或 jpg 图片。',
    en: 'The content at this address is not a png or jpg picture.',
  },
  classifyNotFound: { code: StatusCode.recordNotFound, zh: '该分类不存在。', en: 'This classification does not exist.' },
  assetNotFound: {
    code: StatusCode.recordNotFound,
    zh: '该资产不存在或不在您的授权范围内。',
    en: 'This asset does not exist or is outside your authorized scope.',
  },
  fileNotFound: { code: StatusCode.recordNotFound, zh: '该文件不存在。', en: 'This file does not exist.' },
  importJobNotFound: { code: StatusCode.recordNotFound, zh: '该导入记录不存在。', en: 'This import does not exist.' },
  classifyNameTaken: { code: StatusCode.duplicate, zh: '分类名称已存在', en: 'Classification name already exists' },
  assetCodingTaken: {
    code: StatusCode.duplicate,
    zh: '资产编码“{code}”已存在。',
    en: 'The asset code "{code}" already exists.',
  },
  classifyInUse: {
    code: StatusCode.inUse,
    zh: '该分类下还有 {count} 项资产，不能删除。',
    en: 'This classification is used by {count|asset|assets} and cannot be deleted.',
  },
  classifyStillUsed: {
    code: StatusCode.inUse,
    zh: '该分类仍在使用中（例如正在导入的资产），不能删除。',
    en: 'This classification is still in use (for example by assets being imported) and cannot be deleted.',
  },
  deptHasAssets: {
    code: StatusCode.inUse,
    zh: '该部门下还有 {count} 项资产，不能删除。',
    en: 'This department still has {count|asset|assets} and cannot be deleted.',
  },
  staffHasAssets: {
    code: StatusCode.inUse,
    zh: '该员工名下还有 {count} 项资产，请先转移或归还后再删除。',
    en: 'This staff member still holds {count|asset|assets}. Reassign or return them first.',
  },
  staffInUse: {
    code: StatusCode.inUse,
    zh: '该员工仍在使用中（例如正在导入的资产），不能删除。',
    en: 'This staff member is still in use (for example by assets being imported) and cannot be deleted.',
  },
  // ---- import (the row reasons are stored with the import job, in the importer's language) --
  noExcelImported: { code: StatusCode.noExcelImported, zh: '没有导入 Excel 文件。', en: 'No Excel file was imported.' },
  importEmpty: { code: StatusCode.noExcelImported, zh: '文件中没有资产数据。', en: 'The file contains no asset rows.' },
  importWrongType: {
    code: StatusCode.importWrongType,
    zh: '只能导入 .xlsx、.xls 或 .csv 文件。',
    en: 'Only .xlsx, .xls or .csv files can be imported.',
  },
  importTooLarge: {
    code: StatusCode.importTooLarge,
    zh: '导入的文件不能超过 3MB。',
    en: 'The imported file cannot be larger than 3MB.',
  },
  importUnzippedTooLarge: {
    code: StatusCode.importTooLarge,
    zh: '文件解压后过大（至少 {size} MB，最多 {max} MB）。',
    en: 'The file is too large once unpacked (at least {size} MB; at most {max} MB).',
  },
  importDamaged: {
    code: StatusCode.importParseFailed,
    // The spec's 10006 message, with the reason said in the user's language.
    zh: '文件解析出现异常：文件已损坏或不完整。请检查文件是否按模板填写。',
    en: 'File parsing exception occurred: the file is damaged or incomplete. Please check that the file follows the template.',
  },
  importUnreadable: {
    code: StatusCode.importParseFailed,
    zh: '文件解析出现异常：该文件不是可读取的表格（.xlsx、.xls 或 .csv），或已损坏。请用 Excel 另存为 .xlsx 后再导入。',
    en: 'File parsing exception occurred: this file is not a readable spreadsheet (.xlsx, .xls or .csv), or it is damaged. Save it as .xlsx in Excel and import it again.',
  },
  importEncrypted: {
    code: StatusCode.importParseFailed,
    zh: '文件解析出现异常：文件设有密码保护。请取消密码后再导入。',
    en: 'File parsing exception occurred: the file is password-protected. Remove the password and import it again.',
  },
  importTooManyRows: {
    code: StatusCode.importTooLarge,
    zh: '文件的数据超过 {max} 行，一次最多导入 {max} 行。请把文件拆成几份分别导入。',
    en: 'The file has more than {max} rows of data; at most {max} rows can be imported at a time. Split it into several files.',
  },
  importTooManyCells: {
    code: StatusCode.importTooLarge,
    zh: '文件中填写的单元格超过 {max} 个，一次最多导入 {max} 个。请把文件拆成几份分别导入。',
    en: 'The file has more than {max} filled cells; at most {max} can be imported at a time. Split it into several files.',
  },
  // The parse worker ran out of its memory (IMPORT_WORKER_HEAP_MB): a zip bomb, or cells of huge text.
  importTooLargeToRead: {
    code: StatusCode.importTooLarge,
    zh: '文件过大，无法读取（所需内存超过 {mb} MB）。请把文件拆成几份分别导入。',
    en: 'The file is too large to read (it needs more than {mb} MB of memory). Split it into several files.',
  },
  // The parse worker did not finish within IMPORT_PARSE_TIMEOUT_MS (a file the spreadsheet
  // library never finishes, found by npm run fuzz).
  importTooSlowToRead: {
    code: StatusCode.importParseFailed,
    zh: '文件解析出现异常：读取超过 {s} 秒仍未完成，文件可能已损坏。请用 Excel 另存为 .xlsx 后再导入，或拆成几份分别导入。',
    en: 'File parsing exception occurred: reading it took more than {s} s, so the file may be damaged. Save it as .xlsx in Excel, or split it into several files, and import it again.',
  },
  importTooManyColumns: {
    code: StatusCode.importTooLarge,
    zh: '文件使用的列超过 {max} 列。请只保留模板中的列后再导入。',
    en: 'The file uses more than {max} columns. Keep only the template\'s columns and import it again.',
  },
  importTextTooLong: {
    code: StatusCode.importTooLarge,
    zh: '文件中有一段文字超过 {max} KB，远超 Excel 单元格的上限（32767 个字符）。请检查文件。',
    en: 'The file holds a text of more than {max} KB, far more than an Excel cell holds (32,767 characters). Please check the file.',
  },
  importHeaderBadCharacters: {
    code: StatusCode.importParseFailed,
    zh: '文件解析出现异常：表头（第 {row} 行）第 {column} 列含有空字符（NUL）或无效的 Unicode 字符。',
    en: 'File parsing exception occurred: the header (row {row}) has a NUL or an invalid Unicode character in column {column}.',
  },
  importParseFailed: {
    code: StatusCode.importParseFailed,
    zh: '文件解析出现异常：{reason}。请检查文件是否按模板填写。',
    en: 'File parsing exception occurred: {reason}. Please check that the file follows the template.',
  },
  importBusy: {
    code: StatusCode.importBusy,
    zh: '正在导入其他文件，请等待其完成后再试。',
    en: 'Another import is running. Please try again when it has finished.',
  },
  // An asset whose change by an import is staged or being applied (assets/import-hold.ts).
  assetBeingImported: {
    code: StatusCode.importBusy,
    zh: '资产“{code}”正在被导入的文件修改，请在导入完成后重试。',
    en: 'The asset "{code}" is being changed by an import. Please try again when the import has finished.',
  },
  staleTemplate: {
    code: StatusCode.staleTemplate,
    zh: '请下载最新模板后重试。',
    en: 'Please download the latest template and try again.',
  },
  rowCodeRepeated: {
    code: StatusCode.duplicate,
    zh: '资产编码“{code}”与第 {row} 行重复。',
    en: 'The asset code "{code}" repeats row {row}.',
  },
  rowDeptUnknown: {
    code: StatusCode.recordNotFound,
    zh: '找不到部门“{name}”，或它不在您的授权范围内。',
    en: 'No department "{name}" within your authorized scope.',
  },
  rowDeptAmbiguous: {
    code: StatusCode.parameter,
    zh: '有多个部门叫“{name}”：{candidates}。请写出所指部门的完整路径，如“{example}”。',
    en: 'Several departments are called "{name}": {candidates}. Write the path of the one you mean, e.g. "{example}".',
  },
  rowStaffUnknown: {
    code: StatusCode.recordNotFound,
    zh: '找不到员工“{name}”，或其不在您的授权范围内。',
    en: 'No staff member "{name}" within your authorized scope.',
  },
  rowStaffAmbiguous: {
    code: StatusCode.parameter,
    zh: '有多名员工叫“{name}”，请写成“姓名(工号)”。',
    en: 'Several staff members are called "{name}". Write "Name(job number)".',
  },
  rowBadCharacters: {
    code: StatusCode.parameter,
    zh: '“{column}”含有空字符（NUL）或无效的 Unicode 字符（单独的代理项），请修改该单元格。',
    en: '"{column}" contains a NUL or an invalid Unicode character (a lone surrogate); correct the cell.',
  },
  rowCellTooLong: {
    code: StatusCode.parameter,
    zh: '“{column}”超过 {max} 个字符（Excel 单元格的上限）。',
    en: '"{column}" is longer than {max} characters (the most an Excel cell holds).',
  },
  rowClassifyUnknown: { code: StatusCode.recordNotFound, zh: '找不到分类“{name}”。', en: 'No classification "{name}".' },
  rowUpdateForbidden: {
    code: StatusCode.forbidden,
    zh: '资产编码“{code}”已存在，您没有编辑资产的权限。',
    en: 'The asset code "{code}" exists and you are not allowed to edit assets.',
  },
  importFailed: {
    code: StatusCode.internal,
    zh: '导入失败，没有保存任何数据，请重试。',
    en: 'The import failed and nothing was saved. Please try again.',
  },
  importInterrupted: {
    code: StatusCode.internal,
    zh: '导入因服务重启而中断，没有保存任何数据，请重新导入。',
    en: 'The import was interrupted by a server restart and nothing was saved. Please import again.',
  },
  importAllOrNothing: {
    code: StatusCode.parameter,
    zh: '有 {count} 行数据有误，按“全部成功才导入”的要求，没有保存任何数据。',
    en: '{count|row has|rows have} problems; as all-or-nothing was asked, nothing was saved.',
  },
  // Label templates (modules/templates).
  templateNotFound: { code: StatusCode.recordNotFound, zh: '模板不存在或已被删除。', en: 'This template does not exist or was deleted.' },
  templateUnreadable: {
    code: StatusCode.parameter,
    zh: '模板不是可读取的标签文件：{reason}',
    en: 'The template is not a readable label file: {reason}',
  },
  templateTooLarge: {
    code: StatusCode.parameter,
    zh: '模板文件过大（{size}，最多 {limit}）。',
    en: 'The template file is too large ({size}; at most {limit}).',
  },
  templateNameRequired: { code: StatusCode.parameter, zh: '请输入模板名称。', en: 'Please enter a template name.' },
  templateReadOnly: {
    code: StatusCode.forbidden,
    zh: '通用模板不能修改或删除，请先复制为我的模板。',
    en: 'General templates cannot be changed or deleted; duplicate it to your templates first.',
  },
  templateChanged: {
    code: StatusCode.recordChanged,
    zh: '此模板已被他人修改，请重新加载。',
    en: 'This template was changed by someone else; reload it.',
  },
  importNothingValid: { code: StatusCode.parameter, zh: '没有可导入的有效数据。', en: 'No row could be imported.' },
  // ---- asset transactions (modules/transactions; spec section 5's asset operation rules) ---
  // {code} is an asset code; {status} and {type} are labels in both languages.
  businessTypeRefused: {
    code: StatusCode.forbidden,
    zh: '您没有{type}的权限。',
    en: 'You are not allowed to {type}.',
  },
  businessAssetScrapped: {
    code: StatusCode.parameter,
    zh: '资产“{code}”已报废，不能再办理任何业务。',
    en: 'The asset "{code}" is scrapped and takes no further transactions.',
  },
  businessReturnFirst: {
    code: StatusCode.parameter,
    zh: '资产“{code}”当前为“{status}”，请先办理归还，再{type}。',
    en: 'The asset "{code}" is {status}: return it first, then {type}.',
  },
  businessNothingToReturn: {
    code: StatusCode.parameter,
    zh: '资产“{code}”当前闲置，没有需要归还的业务。',
    en: 'The asset "{code}" is unused: there is nothing to return.',
  },
  businessAlready: {
    code: StatusCode.parameter,
    zh: '资产“{code}”已是“{status}”状态。',
    en: 'The asset "{code}" is already {status}.',
  },
  businessTimePast: {
    code: StatusCode.parameter,
    zh: '业务时间不能早于当前时间。',
    en: 'The operation time cannot be earlier than the current time.',
  },
  businessTimeInvalid: {
    code: StatusCode.parameter,
    zh: '{field}不是有效的时间。',
    en: '{field} is not a valid time.',
  },
  businessPlanReturnBeforeTime: {
    code: StatusCode.parameter,
    zh: '计划归还时间不能早于业务时间。',
    en: 'The planned return time cannot be earlier than the operation time.',
  },
  businessDeptAndPersonRequired: {
    code: StatusCode.parameter,
    zh: '领用和借用需要选择部门和人员。',
    en: 'Receiving and borrowing need a department and a person.',
  },
  businessAssetRepeated: {
    code: StatusCode.parameter,
    zh: '同一资产只能选择一次。',
    en: 'Each asset can be selected only once.',
  },
  businessNotFound: { code: StatusCode.recordNotFound, zh: '该业务记录不存在。', en: 'This transaction record does not exist.' },
  assetFieldsByTransaction: {
    code: StatusCode.parameter,
    zh: '已登记资产的部门、使用人和存放地点只能通过资产变更、领用、借用或归还修改。',
    en: 'The department, user and place of a registered asset change only through an alter, receive, borrow or return transaction.',
  },
  // ---- inventory counts (modules/inventory) -------------------------------------------------
  inventoryNameRequired: { code: StatusCode.parameter, zh: '请输入盘点单名称。', en: 'Please enter a name for the inventory order.' },
  inventoryNoAssets: {
    code: StatusCode.parameter,
    zh: '所选范围内没有可盘点的资产。',
    en: 'There is no asset to count in the chosen scope.',
  },
  inventoryOrderNotFound: { code: StatusCode.recordNotFound, zh: '该盘点单不存在。', en: 'This inventory order does not exist.' },
  // A scan sent to a finished order (answered per scan, see InventoryScanAnswer), or Finish twice.
  inventoryOrderClosed: {
    code: StatusCode.parameter,
    zh: '盘点单“{name}”已结束，不能再盘点。',
    en: 'The inventory order "{name}" is finished and takes no more scans.',
  },
  inventoryScanTextRequired: { code: StatusCode.parameter, zh: '扫描内容不能为空。', en: 'The scanned text is empty.' },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorKind = keyof typeof ERRORS;
/** A parameter: text, a number, or a label in both languages (picked by the reply's language). */
export type ErrorParam = string | number | { zh: string; en: string };
export type ErrorParams = Record<string, ErrorParam>;

/** A handled failure: the route answers `{statusCode: ERRORS[kind].code, resultInfo: message}`. */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly params: ErrorParams;

  constructor(kind: ErrorKind, params: ErrorParams = {}) {
    super(`${kind}${Object.keys(params).length ? ' ' + JSON.stringify(params) : ''}`);
    this.name = 'AppError';
    this.kind = kind;
    this.params = params;
  }

  get code(): number {
    return ERRORS[this.kind].code;
  }

  localized(lang: Lang): string {
    return errorMessage(this.kind, lang, this.params);
  }
}

/** A wait in whole minutes as a message parameter: "5" before 分钟, "1 minute" or "5 minutes" in English. */
export function minutesParam(minutes: number): ErrorParam {
  return { zh: String(minutes), en: minutes === 1 ? '1 minute' : `${minutes} minutes` };
}

export function errorMessage(kind: ErrorKind, lang: Lang, params: ErrorParams = {}): string {
  // {name} is the value; {name|one|other} is the number and its noun, singular for exactly 1
  // ('{count|asset|assets}': "1 asset", "3 assets"), for English.
  return ERRORS[kind][lang].replace(/\{(\w+)(?:\|([^|}]*)\|([^}]*))?\}/g, (whole, name: string, one?: string, other?: string) => {
    if (!(name in params)) return whole;
    const value = params[name];
    const text = typeof value === 'object' ? value[lang] : String(value);
    return one === undefined ? text : `${text} ${Number(text) === 1 ? one : other}`;
  });
}

/** English for any `en*` first choice in Accept-Language; Chinese (the product default) otherwise. */
export function pickLanguage(acceptLanguage: string | undefined | null): Lang {
  const first = (acceptLanguage ?? '').split(',')[0].trim().toLowerCase();
  return first === 'en' || first.startsWith('en-') || first.startsWith('en;') ? 'en' : 'zh';
}
