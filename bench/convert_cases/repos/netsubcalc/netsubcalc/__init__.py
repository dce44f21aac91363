"""
Network/Subnetwork Calculation Module
"""


from netsubcalc.is_funcs import (
    is_ip,
    is_mask,
    is_bin_mask,
    is_bin_ip,
    is_ip_private,
)
from netsubcalc.calc_funcs import (
    netaddr,
    broadcast,
    hosts_ip_range,
    hosts_count,
    ip_class,
)
from netsubcalc.convert_funcs import (
    ip2bin,
    bin2ip,
    ip2int_list,
    int_list2ip,
    mask2prefix,
    prefix2mask,
)
from netsubcalc.print_funcs import (
    print_subnet_info,
    print_all_possible_subnets,
)
