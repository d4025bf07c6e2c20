import Courier
import Foundation

/// The box-office ranking API: `{"resultcode": "200", "reason", "result", "error_code"}`.
enum RankAPI: TargetType {
    /// GET `/boxoffice/rank` for an area, with the API key.
    case rank(area: String)

    var baseURL: URL { DemoHosts.rank }
    var path: String { "/boxoffice/rank" }
    var method: HTTPMethod { .get }

    var task: RequestTask {
        switch self {
        case .rank(let area):
            .requestParameters(parameters: ["area": area, "key": DemoHosts.rankKey], encoding: URLEncoding.queryString)
        }
    }

    var validationType: ValidationType { .successCodes }

    var sampleData: Data {
        Data(
            #"""
            {"resultcode":"200","reason":"success","error_code":0,"result":[
             {"rid":"1","name":"流浪地球2","wk":"2023.1.23–2023.1.29","wboxoffice":"16.31亿","tboxoffice":"27.38亿"},
             {"rid":"2","name":"满江红","wk":"2023.1.23–2023.1.29","wboxoffice":"20.12亿","tboxoffice":"30.22亿"},
             {"rid":"3","name":"熊出没·伴我熊芯","wk":"2023.1.23–2023.1.29","wboxoffice":"5.24亿","tboxoffice":"8.96亿"}]}
            """#.utf8)
    }
}
