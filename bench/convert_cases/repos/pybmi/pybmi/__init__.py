from pybmi.bmi import BMICalculate
from pybmi.bmi import BMILevel
from pybmi.bmi import BMITable