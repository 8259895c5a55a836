import BatchCheck
